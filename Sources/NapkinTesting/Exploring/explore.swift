/// Runs a scenario in every order in which the outside world can answer it (or in many, chosen at
/// random or by PCT), and fails the test with the first order that breaks it, spelled so that it
/// replays exactly.
///
/// A test written by hand checks one order of events, the one its author thought of. The bugs of
/// actor code live in the others: a second tap while the first login is in flight, a refresh
/// while page 2 loads, a deactivation between an answer and the presenter call. In a test,
/// everything that reaches the code under test from outside goes through NapkinTesting: a held
/// call's answer, a ``MockStream`` element, a ``MockClock`` deadline, the test's own actions. So
/// the explorer can order them: `body` runs once per order with a fresh ``Scenario``, creates fresh
/// objects and registers the events; whenever the code under test is settled, the explorer
/// delivers the next event, until none is left, then checks the scenario's expectations.
///
/// On failure it reports, at the caller's line, the failing order as a string (such as
/// `tap#1 tap#2 login#1✓ login#2✓`), how many orders passed before it, what failed, the timeline
/// of that run, and the spelling that replays it: pass the string as `replay` and only that order
/// runs, every time the same. Each run has the end-of-test checks of a `.napkinChecks` test
/// (strict unless `strict` is `false`): nothing left held, nothing leaked, every mock asserted.
///
/// What it controls: answers, stream elements, deadlines, actions and deactivation, and the
/// actions' hops to the main actor, with up to one preemption per order unless
/// ``ExplorationStrategy/interleavingAwaits(preemptions:)`` says otherwise. What it does not: other
/// interleavings of two actor hops with no NapkinTesting event between them.
///
/// Isolation: runs `body` in the caller's isolation, one run at a time.
///
/// ```swift
/// @Test func doubleTapLogin_attachesOneLoggedInChild() async {
///   await explore { scenario in
///     let auth = MockAuthService()
///     let router = MockLoginRouter()
///     let sut = LoginInteractor(auth: auth, router: router)
///     await sut.activate()
///     scenario.watch(sut)
///     scenario.answers(auth, .login)
///     scenario.action("tap", on: sut) { await sut.didTapLogin() }
///     scenario.action("tap", on: sut) { await sut.didTapLogin() }
///     scenario.expect("one logged-in child") { router.calls.count(of: .attachLoggedIn) == 1 }
///   }
/// }
/// ```
///
/// - Parameters:
///   - name: What the report calls the scenario; the caller's line by default.
///   - strategy: How to pick the orders; ``ExplorationStrategy/automatic`` by default.
///   - replay: An order string from a failure: runs exactly that order, and no other.
///   - strict: Whether each run's end-of-test checks are strict; `true` by default.
///   - timeout: How long the code under test may take to settle at each point; not negative.
///   - isolation: Where `body` runs; keep the default.
///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
///   - line: The caller's line, where a failure is reported; keep the default.
///   - column: The caller's column, where a failure is reported; keep the default.
///   - body: Sets up one run: creates the objects and registers the events on the scenario.
/// - Returns: What was explored, and the failing order, if any.
@discardableResult
public func explore(
  _ name: String? = nil, strategy: ExplorationStrategy = .automatic, replay: String? = nil,
  strict: Bool = true, timeout: Duration = .napkinDefaultTimeout,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ body: (Scenario) async -> Void
) async -> ExplorationReport {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let name = name ?? "the scenario at \(fileID):\(line)"
  var timeout = timeout
  if TimeoutMisuse.isNegative(
    timeout, in: "explore(timeout:)", consequence: "runs use the default timeout",
    report: { Reporter.report($0, at: site) })
  {
    timeout = .napkinDefaultTimeout
  }
  if let misuse = ExplorationMisuse.check(strategy, replay: replay) {
    Reporter.report(misuse, at: site)
    return ExplorationReport(misuse: misuse)
  }
  let explorer = Explorer(strict: strict, timeout: timeout, site: site)
  var report: ExplorationReport
  if let replay {
    report = await explorer.replay(replay, body)
  } else {
    report = await explorer.explore(strategy, body)
  }
  report.answeredCalls = explorer.tally.answered
  if let misuse = report.misuse {
    Reporter.report(misuse, at: site)
    return report
  }
  if report.failingOrder != nil {
    reportFailure(of: report, name: name, replaying: replay, at: site)
  }
  return report
}

/// Reports `report`'s failing order at `site`: what failed, the order, and how to replay it.
private func reportFailure(
  of report: ExplorationReport, name: String, replaying replay: String?, at site: CallSite
) {
  guard let order = report.failingOrder, let failure = report.failure else { return }
  // A run that failed before any event has no order to show or replay.
  let shown =
    order.isEmpty
    ? "(no event was ready when the scenario started)"
    : replay == nil ? order : ExplorationMisuse.quoted(order)
  // A replay is told what happened, not to replay what it replayed.
  let advice =
    order.isEmpty
    ? "\nEvery run fails the same way: no event was ready, so nothing was explored."
    : replay != nil ? "" : "\nReplay exactly this order with explore(replay: \"\(order)\") { … }."
  Reporter.report(
    NapkinIssue(
      "Exploring \(name): order \(report.orders) failed (\(report.summary)):\n  \(shown)\n"
        + failure + advice,
      at: site, withTimeline: false),
    to: Reporter.currentDestination)
}
