import Synchronization
import Testing

/// Reports the issues one toolkit object finds, keeping those found off the test's task.
///
/// An object captures the destination of the task that created it (the test). An issue found
/// later on a task that cannot report there (a detached task inside a Swift Testing test, or any
/// task after the test's checks ended) is kept, then reported at the object's next use from the
/// test's task or by the end-of-test check. Nothing is lost and nothing crashes.
final class IssueRelay: Sendable {
  private enum Origin {
    case collector(IssueCollector)
    case swiftTesting
    case xcTest
  }

  private let origin: Origin
  private let scope: TestScope?
  private let pending = Mutex<[NapkinIssue]>([])

  init() {
    switch Reporter.currentDestination {
    case .collector(let collector): origin = .collector(collector)
    case .swiftTesting: origin = .swiftTesting
    case .xcTest: origin = .xcTest
    }
    scope = TestScope.current
    scope?.adopt(self)
  }

  /// Reports now if the current task can, else keeps the issue for later.
  func report(_ message: String, at site: CallSite) {
    let issue = NapkinIssue(message, at: site)
    if let destination = destinationNow() {
      flush()
      Reporter.report(issue, to: destination)
    } else {
      pending.withLock { $0.append(issue) }
    }
  }

  /// Reports the kept issues, if the current task can.
  func flush() {
    guard let destination = destinationNow() else { return }
    let issues = pending.withLock { pending in
      defer { pending = [] }
      return pending
    }
    for issue in issues { Reporter.report(issue, to: destination) }
  }

  /// The kept issues, handed over to an end-of-test check that reports them itself.
  func drain() -> [NapkinIssue] {
    pending.withLock { pending in
      defer { pending = [] }
      return pending
    }
  }

  private func destinationNow() -> Reporter.Destination? {
    // Inside `withIssueCollector`, the collector takes every issue, also those of objects created
    // before it was installed.
    if let collector = IssueCollector.current { return .collector(collector) }
    switch origin {
    case .collector(let collector):
      return .collector(collector)
    case .swiftTesting:
      if scope?.isClosed == true { return nil }
      return Test.current != nil ? .swiftTesting : nil
    case .xcTest:
      // XCTest accepts failures from any thread, but attributes late ones to whatever test runs
      // next; once the test's checks ended, keep them instead.
      return scope?.isClosed == true ? nil : .xcTest
    }
  }
}
