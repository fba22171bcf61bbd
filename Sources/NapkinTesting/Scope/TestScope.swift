import NapkinMutex
import Testing

/// The objects one test registered for its end-of-test checks, and the issues they kept.
///
/// Created by `withNapkinChecks` (which the Swift Testing trait calls) and bound to the test's
/// task as a task-local, so objects the test creates register themselves. Never process-global:
/// parallel tests each have their own scope.
final class TestScope: Sendable {
  @TaskLocal static var current: TestScope?
  /// Names this scope in a settle's vouch, where an address could be reused.
  let serial = Serial.next()

  private struct State {
    var exhaustive: [@Sendable () -> NapkinIssue?] = []
    var endChecks: [(owner: ObjectIdentifier, check: @Sendable (CallSite) -> [NapkinIssue])] = []
    /// Strict-check issues of exhaustive recorders released before the checks ran.
    var releasedSummaries: [NapkinIssue] = []
    var released: [DeallocationCheck] = []
    var boundTaskChecks: [BoundTaskCheck] = []
    /// Lifecycle-bound tasks dropped because their interactor was inactive.
    var droppedTasks = 0
    /// The clocks this test drove while another test used them, each reported once.
    var sharedClocks: Set<ObjectIdentifier> = []
    var closed = false
  }

  private let state = Mutex(State())

  /// Whether the scope's checks are strict; nested scopes inherit it.
  let isStrict: Bool
  /// The test's transcript, which every object created in the scope appends to.
  let timeline = Timeline()
  /// How many toolkit issues were reported to the test's framework while the scope was current.
  private let reportedCount = Atomic<Int>(0)

  /// Counts an issue reported to the test's framework from inside the scope.
  func countReported() {
    reportedCount.add(1, ordering: .relaxed)
  }

  /// Whether the test's framework received a toolkit issue from inside the scope.
  var hasReported: Bool { reportedCount.load(ordering: .relaxed) > 0 }

  init(strict: Bool = false, site: CallSite? = nil, testName: String? = nil) {
    ToolkitObserver.installOnce()
    isStrict = strict
    name =
      if let testName {
        "the test \(testName)"
      } else if let test = Test.current {
        "the test \(test.name) (\(test.sourceLocation.fileID):\(test.sourceLocation.line))"
      } else if let site {
        "the test checked at \(site.fileID):\(site.line)"
      } else {
        "a checked test"
      }
    isXCTest = Test.current == nil && !Reporter.runsSwiftTestingOnly
    Self.openScopes.withLock { scopes in
      scopes.removeAll { $0.scope == nil }
      scopes.append(WeakScope(scope: self))
    }
  }

  /// The test, as a report naming it says it: its name and place.
  let name: String

  /// Notes that the test drove clock `clock` while another test used it; returns `true` the first
  /// time, so the misuse is reported once per test and clock.
  func noteSharedClock(_ clock: ObjectIdentifier) -> Bool {
    state.withLock { $0.sharedClocks.insert(clock).inserted }
  }

  /// Whether the scope was opened outside Swift Testing: by an XCTest test, which runs alone.
  let isXCTest: Bool

  /// The scope that owns an object created on the current task: the one place that decides it,
  /// for the timeline, strict checks, end checks and reports alike.
  ///
  /// It is the task's own scope. On a task that belongs to no test (a `Task.detached`), it is the
  /// only scope open in the process if that scope is an XCTest test's: XCTest runs one test at a
  /// time, so nothing else can have detached the task. A Swift Testing test's scope never owns a
  /// detached task's objects: plain tests run beside it, and any of them may have detached the
  /// task, so such objects belong to no test.
  static var owning: TestScope? {
    if let current { return current }
    guard Test.current == nil else { return nil }
    return openScopes.withLock { scopes in
      let open = scopes.compactMap(\.scope).filter { !$0.isClosed }
      return open.count == 1 && open[0].isXCTest ? open[0] : nil
    }
  }

  private struct WeakScope: Sendable {
    weak var scope: TestScope?
  }

  /// Every scope not yet released, to find the one a detached task's objects belong to.
  private static let openScopes = Mutex<[WeakScope]>([])

  var isClosed: Bool { state.withLock { $0.closed } }

  /// The current scope, or `nil` after reporting that `call` needs one.
  static func required(by call: String, at site: CallSite) -> TestScope? {
    if let owning, !owning.isClosed { return owning }
    if let current, current.isClosed {
      Reporter.report(
        "\(call) was called after the test's checks ended, so nothing would check it.", at: site)
      return nil
    }
    Reporter.report(
      "\(call) was called outside withNapkinChecks or a test with the .napkinChecks trait, so "
        + "nothing would check it.", at: site)
    return nil
  }

  /// Registers `owner`'s check run when the scope closes, such as a mock service's calls still
  /// held; registering again for the same owner replaces its check. The check gets the test's
  /// site, for an issue that has no line of its own.
  func registerEndCheck(
    for owner: AnyObject, _ check: @escaping @Sendable (CallSite) -> [NapkinIssue]
  ) {
    let id = ObjectIdentifier(owner)
    state.withLock { state in
      if let index = state.endChecks.firstIndex(where: { $0.owner == id }) {
        state.endChecks[index].check = check
      } else {
        state.endChecks.append((id, check))
      }
    }
  }

  func register<Call>(_ recorder: CallRecorder<Call>) {
    let summary: @Sendable () -> NapkinIssue? = { [weak recorder] in
      recorder?.unassertedSummary()
    }
    state.withLock { $0.exhaustive.append(summary) }
  }

  /// Keeps the strict-check summary of a recorder released while the scope is open.
  func recorderReleased(unasserted summary: NapkinIssue?) {
    guard let summary else { return }
    state.withLock { state in
      if !state.closed { state.releasedSummaries.append(summary) }
    }
  }

  /// The lifecycle diagnostics hook: counts tasks dropped because their interactor was inactive.
  var taskDropped: @Sendable () -> Void {
    { [weak self] in self?.state.withLock { $0.droppedTasks += 1 } }
  }

  func expectReleased(_ object: any AnyObject & Sendable, site: CallSite) {
    state.withLock { $0.released.append(DeallocationCheck(object, site: site)) }
  }

  func expectNoBoundTasks(_ interactor: any Interactable, site: CallSite) {
    state.withLock { $0.boundTaskChecks.append(BoundTaskCheck(interactor, site: site)) }
  }

  /// Runs the end-of-test checks and returns what failed; the scope is closed afterwards.
  ///
  /// In this order: calls still held (the test ended while they waited, so what they guard was
  /// never checked); bound tasks still running (a finishing task may be what still holds a
  /// tracked object); objects not released; tasks dropped; strict checks; issues kept from other
  /// tasks.
  func close(strict: Bool, timeout: Duration, site: CallSite) async -> [NapkinIssue] {
    let (released, boundTaskChecks, endChecks) = state.withLock {
      ($0.released, $0.boundTaskChecks, $0.endChecks)
    }
    var issues = endChecks.flatMap { $0.check(site) }
    for check in boundTaskChecks {
      if let issue = await check.run(timeout: timeout) { issues.append(issue) }
    }
    await BoundTasks.finishBeforeLeakCheck(released.compactMap(\.lifecycle), timeout: timeout)
    issues.append(contentsOf: released.compactMap(\.issue))
    let (exhaustive, releasedSummaries, droppedTasks) = state.withLock { state in
      state.closed = true
      return (state.exhaustive, state.releasedSummaries, state.droppedTasks)
    }
    if let issue = DroppedTasksCheck.issue(count: droppedTasks, at: site) { issues.append(issue) }
    if strict {
      let summaries = releasedSummaries + exhaustive.compactMap { $0() }
      issues.append(contentsOf: summaries.map { $0.attributed(to: site) })
    }
    return issues + KeptIssues.take(in: self)
  }
}
