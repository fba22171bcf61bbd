import NapkinMutex
import Testing

/// Reports the issues one toolkit object finds, keeping those found off the test's task.
///
/// An object captures the destination of the task that created it (the test). An issue found
/// later on a task that cannot report there (a detached task inside a Swift Testing test, or any
/// task after the test's checks ended) is kept, then reported at the object's next use from the
/// test's task or by the end-of-test check. Nothing is lost and nothing crashes.
@usableFromInline
final class IssueRelay: Sendable {
  private enum Origin {
    case collector(IssueCollector)
    case swiftTesting
    case xcTest
  }

  private let origin: Origin
  /// Weak: the scope keeps its relays to drain them, so a strong reference back would leak both.
  private weak let scope: TestScope?
  /// Whether the relay was created inside a scope, to tell "scope ended" from "no scope".
  private let hadScope: Bool
  private let pending = Mutex<[NapkinIssue]>([])
  /// Whether `pending` holds anything; written under its lock, read without it by ``flush()``.
  @usableFromInline let hasPending = Atomic<Bool>(false)

  init() {
    switch Reporter.currentDestination {
    case .collector(let collector): origin = .collector(collector)
    case .swiftTesting: origin = .swiftTesting
    case .xcTest: origin = .xcTest
    }
    let scope = TestScope.current
    self.scope = scope
    hadScope = scope != nil
    scope?.adopt(self)
  }

  deinit {
    // Last chance for issues kept from another task: report them if this task can, else say so on
    // standard error rather than drop them silently.
    let kept = drain()
    guard !kept.isEmpty else { return }
    if let destination = destinationNow() {
      for issue in kept { Reporter.report(issue, to: destination) }
    } else {
      for issue in kept {
        writeToStandardError("NapkinTesting: an issue found after its test ended: \(issue)")
      }
    }
  }

  /// Reports now if the current task can, else keeps the issue for later.
  @usableFromInline
  func report(_ message: String, at site: CallSite) {
    let issue = NapkinIssue(message, at: site)
    if let destination = destinationNow() {
      flush()
      Reporter.report(issue, to: destination)
    } else {
      pending.withLock { pending in
        pending.append(issue)
        hasPending.store(true, ordering: .releasing)
      }
    }
  }

  /// Reports the kept issues, if the current task can.
  ///
  /// Nearly always nothing is kept: then it is one atomic load, with no lock and no task-local
  /// lookups for the destination.
  @inlinable
  func flush() {
    if hasPending.load(ordering: .acquiring) { flushKept() }
  }

  @usableFromInline
  func flushKept() {
    guard let destination = destinationNow() else { return }
    for issue in drain() { Reporter.report(issue, to: destination) }
  }

  /// The kept issues, handed over to an end-of-test check that reports them itself.
  func drain() -> [NapkinIssue] {
    pending.withLock { pending in
      defer {
        pending = []
        hasPending.store(false, ordering: .releasing)
      }
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
      if scopeEnded { return nil }
      return Test.current != nil ? .swiftTesting : nil
    case .xcTest:
      // XCTest accepts failures from any thread, but attributes late ones to whatever test runs
      // next; once the test's checks ended, keep them instead.
      return scopeEnded ? nil : .xcTest
    }
  }

  /// Whether the end-of-test checks of the scope this relay was created in already ran.
  private var scopeEnded: Bool {
    guard hadScope else { return false }
    return scope?.isClosed ?? true
  }
}
