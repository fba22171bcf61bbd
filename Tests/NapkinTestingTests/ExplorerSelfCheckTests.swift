import NapkinMutex
import NapkinTesting
import Testing

/// The explorer checks itself: a replayed point must offer the events it offered when it was first
/// reached, or the exploration fails as not deterministic instead of counting orders it never saw.
@Suite struct ExplorerSelfCheckTests {
  /// Counts one more run of a scenario; returns its number, from 1.
  private static func next(_ runs: borrowing Mutex<Int>) -> Int {
    runs.withLock {
      $0 += 1
      return $0
    }
  }

  /// A scenario whose second action exists only in every other run (the first, the third, …): the
  /// second order replays step 1 and finds `b` gone. (After a divergence the explorer starts over
  /// with longer waits on the main actor; the scenario stays nondeterministic every time.)
  @Test func eventGoneOnReplay_failsAsNotDeterministic_andClaimsNoCount() async {
    let runs = Mutex(0)
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore("a vanishing action", strategy: .exhaustive()) { scenario in
        let run = Self.next(runs)
        scenario.action("a") {}
        if !run.isMultiple(of: 2) { scenario.action("b") {} }
      }
    }
    #expect(report?.passed == false)
    #expect(report?.isExhaustive == false)
    #expect(report?.failingOrder == "b")
    let message = issues.map(\.message).joined()
    #expect(issues.count == 1)
    #expect(
      message.contains(
        "The scenario is not deterministic at step 1 of `b`: `a` was ready before and is not "
          + "now") == false)
    #expect(
      message.contains(
        "The scenario is not deterministic at step 1 of `b`: `b` was ready before and is not now"))
    #expect(message.contains("no order count is claimed"))
    #expect(message.contains("a plain Task {} or Task.detached"))
  }

  /// An event that appears on replay is named the other way round.
  @Test func eventNewOnReplay_namesIt() async {
    let runs = Mutex(0)
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        let run = Self.next(runs)
        scenario.action("a") {}
        scenario.action("b") {}
        if run.isMultiple(of: 2) { scenario.action("c") {} }
      }
    }
    #expect(report?.passed == false)
    #expect(
      issues.first?.message.contains(
        "not deterministic at step 1 of `b`: `c` is ready now and was not before") == true)
  }

  /// A point where the first run went on, and the replay finds nothing ready: the run ends early.
  @Test func nothingReadyOnReplay_isADivergenceToo() async {
    let runs = Mutex(0)
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        let run = Self.next(runs)
        // Only every other run's `a` registers two more actions.
        scenario.action("a") {
          guard !run.isMultiple(of: 2) else { return }
          scenario.action("b") {}
          scenario.action("c") {}
        }
      }
    }
    #expect(report?.passed == false)
    #expect(report?.failingOrder == "a c")
    #expect(
      issues.first?.message.contains(
        "not deterministic at step 2 of `a c`: `b`, `c` were ready before and are not now") == true)
  }

  /// A scenario that diverges once and never again (its first run differs) is explored again
  /// from the start, and the report says so.
  @Test func divergenceThatGoesAway_isExploredAgain_andSaid() async {
    let runs = Mutex(0)
    let report = await explore(strategy: .exhaustive()) { scenario in
      let run = Self.next(runs)
      scenario.action("a") {}
      if run == 1 { scenario.action("b") {} }
    }
    #expect(report.passed)
    #expect(report.isExhaustive)
    #expect(report.orders == 1)
    #expect(
      report.summary
        == "exhaustive: all 1 order (events and the actions' awaits on the main actor and between "
        + "actors, up to 1 preemption per order) (started over once, with longer waits on the "
        + "main actor, after a point offered other events than before)",
      "\(report.summary)")
  }

  /// A deterministic scenario is explored whole, with the same count every time.
  @Test func deterministicScenario_isExhaustive_withOneCount() async {
    var counts: Set<Int> = []
    for _ in 0..<10 {
      let report = await explore(strategy: .exhaustive()) { scenario in
        scenario.action("a") {}
        scenario.action("b") {}
        scenario.action("c") {}
      }
      #expect(report.isExhaustive)
      counts.insert(report.orders)
    }
    #expect(counts == [6])
  }
}
