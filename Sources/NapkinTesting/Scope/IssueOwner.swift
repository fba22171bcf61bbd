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
  /// Weak: an object must not keep its test's scope alive.
  private weak let scope: TestScope?
  /// Whether the owner was created inside a scope, to tell "scope ended" from "no scope".
  private let hadScope: Bool
  /// The XCTest test case generation at creation (see ``XCTestTracker``), for XCTest objects.
  private let xcTestGeneration: UInt64?
  /// Where the owning object was created, named when no test owns an issue.
  private let creationSite: CallSite?

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
  }

  deinit {
    // Last chance for issues kept from another task: report them where they belong if this task
    // can, leave them to the scope's end-of-test check if it is still open, else fail the run.
    let kept = KeptIssues.take(for: [ObjectIdentifier(self)])
    guard !kept.isEmpty else { return }
    let route = route()
    for issue in kept {
      switch route {
      case .now(let destination): Reporter.report(issue, to: destination)
      case .keep:
        if let scope, !scope.isClosed {
          KeptIssues.keep(issue, for: scope, in: scope)
        } else {
          Reporter.reportUnowned(issue, createdAt: creationSite)
        }
      case .unowned: Reporter.reportUnowned(issue, createdAt: creationSite)
      }
    }
  }

  /// Reports now if the issue's owner can take it, keeps it for later, or fails the run.
  ///
  /// A kept issue waits for the owner's next ``flush()`` from a task that can report it, or for
  /// `anchor`'s (a lifecycle a settle vouched for) if given, or for the end of the owner's scope.
  func report(
    _ message: String, at site: CallSite, keptFor anchor: (any AnyObject & Sendable)? = nil
  ) {
    let issue = NapkinIssue(message, at: site)
    switch route() {
    case .now(let destination):
      flush()
      Reporter.report(issue, to: destination)
    case .keep:
      KeptIssues.keep(issue, for: anchor ?? self, in: scope)
    case .unowned:
      Reporter.reportUnowned(issue, createdAt: creationSite)
    }
  }

  /// Reports the kept issues, if the current task can reach their test.
  ///
  /// Nearly always nothing is kept: then it is one atomic load, with no lock and no task-local
  /// lookups for the route.
  func flush() {
    guard !KeptIssues.isEmpty, case .now(let destination) = route() else { return }
    for issue in KeptIssues.take(for: [ObjectIdentifier(self)]) {
      Reporter.report(issue, to: destination)
    }
  }

  /// Where an issue found now goes: where the current task reports (``Reporter/currentDestination``),
  /// unless that is nowhere and the object remembers a test that can still take it.
  private func route() -> Route {
    let here = Reporter.currentDestination
    if case .collector = here { return .now(here) }
    if case .collector(let collector) = origin, collector.isOpen { return .now(origin) }
    // On a test's task: that test, unless its checks ended (a `Task {}` that outlived it).
    if Test.current != nil {
      if case .unowned = here { return .unowned }
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
  var testEnded: Bool { scopeEnded }

  private var scopeEnded: Bool {
    guard hadScope else { return false }
    return scope?.isClosed ?? true
  }
}
