import NapkinMutex
import Testing

/// Reports the issues one toolkit object finds to the test that owns the object, keeping those
/// found where that test cannot be reached.
///
/// An object remembers where it was created: inside an issue collector, a Swift Testing test, or
/// neither (an XCTest test, or a task outside every test), and the end-of-test scope and XCTest
/// test case it was created in. Each issue then goes, in this order:
/// 1. to the collector installed on the reporting task, or the one the object was created in
///    while it still collects;
/// 2. to the Swift Testing test running the reporting task, unless that test's checks already
///    ended;
/// 3. for an object of a Swift Testing test, reported off its task: kept, and reported at the
///    object's next use from the test's task or by the test's end-of-test check;
/// 4. for an object of an XCTest test, to XCTest while that very test case still runs;
/// 5. anywhere else, nobody owns it: the run fails with a note naming where the object was
///    created (``Reporter/reportUnowned(_:createdAt:)``). Nothing is lost and no innocent test is
///    blamed.
final class IssueOwner: Sendable {
  private enum Route {
    case now(Reporter.Destination)
    case keep
    case unowned
  }

  private let origin: Reporter.Destination
  /// Weak: the scope keeps its owners to drain them, so a strong reference back would leak both.
  private weak let scope: TestScope?
  /// Whether the owner was created inside a scope, to tell "scope ended" from "no scope".
  private let hadScope: Bool
  /// The XCTest test case generation at creation (see ``XCTestTracker``), for XCTest objects.
  private let xcTestGeneration: UInt64?
  /// Where the owning object was created, named when no test owns an issue.
  private let creationSite: CallSite?
  private let pending = Mutex<[NapkinIssue]>([])
  /// Whether `pending` holds anything; written under its lock, read without it by ``flush()``.
  let hasPending = Atomic<Bool>(false)

  init(createdAt site: CallSite? = nil) {
    ToolkitObserver.installOnce()
    origin = Reporter.currentDestination
    if case .xcTest = origin, !Reporter.runsSwiftTestingOnly {
      xcTestGeneration = XCTestTracker.shared.generation
    } else {
      xcTestGeneration = nil
    }
    creationSite = site
    let scope = TestScope.owning
    self.scope = scope
    hadScope = scope != nil
    scope?.adopt(self)
  }

  deinit {
    // Last chance for issues kept from another task: report them where they belong if this task
    // can, else fail the run with them.
    for issue in drain() {
      switch route() {
      case .now(let destination): Reporter.report(issue, to: destination)
      case .keep, .unowned: Reporter.reportUnowned(issue, createdAt: creationSite)
      }
    }
  }

  /// Reports now if the issue's owner can take it, keeps it for later, or fails the run.
  func report(_ message: String, at site: CallSite) {
    let issue = NapkinIssue(message, at: site)
    switch route() {
    case .now(let destination):
      flush()
      Reporter.report(issue, to: destination)
    case .keep:
      pending.withLock { pending in
        pending.append(issue)
        hasPending.store(true, ordering: .releasing)
      }
    case .unowned:
      Reporter.reportUnowned(issue, createdAt: creationSite)
    }
  }

  /// Reports the kept issues, if the current task can reach their test.
  ///
  /// Nearly always nothing is kept: then it is one atomic load, with no lock and no task-local
  /// lookups for the route.
  func flush() {
    if hasPending.load(ordering: .acquiring) { reportKept() }
  }

  func reportKept() {
    guard case .now(let destination) = route() else { return }
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

  private func route() -> Route {
    if let collector = IssueCollector.current, collector.isOpen {
      return .now(.collector(collector))
    }
    if case .collector(let collector) = origin, collector.isOpen {
      return .now(.collector(collector))
    }
    if Test.current != nil {
      // A task of a test whose checks ended (a `Task {}` that outlived it) reaches no test.
      if let current = TestScope.current, current.isClosed { return .unowned }
      return .now(.swiftTesting)
    }
    switch origin {
    case .swiftTesting:
      return scopeEnded ? .unowned : .keep
    case .xcTest, .collector, .unowned:
      guard !Reporter.runsSwiftTestingOnly, !scopeEnded else { return .unowned }
      if let xcTestGeneration, xcTestGeneration != XCTestTracker.shared.generation {
        return .unowned
      }
      return .now(.xcTest)
    }
  }

  /// Whether the end-of-test checks of the scope this owner was created in already ran.
  private var scopeEnded: Bool {
    guard hadScope else { return false }
    return scope?.isClosed ?? true
  }
}
