import Foundation
import NapkinMutex
import Testing
import napkin

@testable import NapkinTesting

/// A presenter on the main actor, as apps have them: it shows what the interactor tells it.
@MainActor final class AddPresenter {
  private(set) var shown: [Int] = []
  func showBusy() {}
  func show(count: Int) { shown.append(count) }
}

/// Another actor of the app the interactor awaits, with no NapkinTesting double in between.
actor AddLog {
  private(set) var entries = 0
  func note() { entries += 1 }
}

/// An actor of the app that passes the call on to another one before it returns.
actor AddRelay {
  let log = AddLog()
  func note() async { await log.note() }
}

/// The interactor of the reentrancy bug: it reads its state, awaits something elsewhere, then
/// writes what it read plus one.
final actor AddInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let presenter: AddPresenter
  let log: AddLog
  private(set) var count = 0

  init(presenter: AddPresenter, log: AddLog = AddLog()) {
    self.presenter = presenter
    self.log = log
  }

  /// The bug: two taps while the first is on the main actor count one.
  func didTapAdd() async {
    let current = count
    await presenter.showBusy()
    count = current + 1
    await presenter.show(count: count)
  }

  /// The fix: the write comes before the await.
  func didTapAddFixed() async {
    count += 1
    let current = count
    await presenter.showBusy()
    await presenter.show(count: current)
  }

  /// Three hops to the main actor: busy twice, then the count.
  func didTapAddSlowly() async {
    await presenter.showBusy()
    await presenter.showBusy()
    count += 1
    await presenter.show(count: count)
  }

  /// The same bug through another actor of the app.
  func didTapAddLogged() async {
    let current = count
    await log.note()
    count = current + 1
  }

  /// The same bug through a chain of two other actors.
  func didTapAddRelayed(through relay: AddRelay) async {
    let current = count
    await relay.note()
    count = current + 1
  }

  /// Its fix: the write comes before the await.
  func didTapAddLoggedFixed() async {
    count += 1
    await log.note()
  }
}

/// The explorer interleaves the actions' awaits on the main actor, and finds the lost update no
/// order of events shows.
@Suite struct InterleavingAwaitsTests {
  enum Variant: Sendable { case buggy, fixed, throughAnotherActor, throughAnotherActorFixed }

  @MainActor static func twoTaps(_ scenario: Scenario, _ variant: Variant) async {
    let sut = AddInteractor(presenter: AddPresenter())
    await sut.activate()
    scenario.watch(sut)
    for _ in 0..<2 {
      scenario.action("add", on: sut) {
        switch variant {
        case .buggy: await sut.didTapAdd()
        case .fixed: await sut.didTapAddFixed()
        case .throughAnotherActor: await sut.didTapAddLogged()
        case .throughAnotherActorFixed: await sut.didTapAddLoggedFixed()
        }
      }
    }
    scenario.expect("two taps count two") { await sut.count == 2 }
  }

  @Test func eventsOnly_missTheLostUpdate() async {
    let report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 0)) {
      await Self.twoTaps($0, .buggy)
    }
    #expect(report.passed, "\(report)")
    #expect(report.orders == 2)
  }

  private static let turnedOff =
    WatchedMainExecutor.turnsOff(
      ProcessInfo.processInfo.environment[WatchedMainExecutor.variable] ?? "") == true

  @Test(.disabled(if: turnedOff, "needs the main actor watched"))
  func oneAwaitPreempted_findsTheLostUpdate_andSaysWhatItInterleaved() async throws {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 1)) {
        await Self.twoTaps($0, .buggy)
      }
    }
    let found = try #require(report)
    #expect(!found.passed)
    #expect(issues.count == 1)
    let order = try #require(found.failingOrder)
    #expect(order == "add#1 add#2 add#1.1 add#2.1 add#1.2 add#2.2")
    #expect(found.summary.contains("up to 1 preemption per order"), "\(found.summary)")
  }

  @Test(.disabled(if: turnedOff, "needs the main actor watched"))
  func theDefaultExploration_findsTheLostUpdate() async throws {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore { await Self.twoTaps($0, .buggy) }
    }
    let found = try #require(report)
    #expect(issues.count == 1)
    #expect(found.failingOrder == "add#1 add#2 add#1.1 add#2.1 add#1.2 add#2.2")
    #expect(
      found.summary
        == "depth-first, after 2 passed (events and the actions' awaits on the main actor and between "
        + "actors, up to 1 preemption per order)")
  }

  @Test(.disabled(if: turnedOff, "needs the main actor watched"))
  func theOrderFound_replays100Of100Times() async {
    let order = "add#1 add#2 add#1.1 add#2.1 add#1.2 add#2.2"
    for _ in 0..<100 {
      var report: ExplorationReport?
      let issues = await withIssueCollector {
        report = await explore(replay: order) { await Self.twoTaps($0, .buggy) }
      }
      #expect(report?.failingOrder == order)
      #expect(issues.count == 1)
      #expect(report?.failure?.contains("two taps count two") == true)
    }
  }

  @Test(.disabled(if: turnedOff, "needs the main actor watched"))
  func anOrderLettingEachActionGoOnFirst_replaysAndPasses() async {
    let report = await explore(replay: "add#1 add#1.1 add#1.2 add#2 add#2.1 add#2.2") {
      await Self.twoTaps($0, .buggy)
    }
    #expect(report.passed, "\(report)")
  }

  @Test(.disabled(if: turnedOff, "needs the main actor watched"))
  func theFixedSibling_passesEveryInterleaving_withOneOrderCountOver20Runs() async {
    for _ in 0..<20 {
      let one = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 1)) {
        await Self.twoTaps($0, .fixed)
      }
      #expect(one.passed && one.isExhaustive, "\(one)")
      #expect(one.orders == 6, "\(one)")
      let two = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 2)) {
        await Self.twoTaps($0, .fixed)
      }
      #expect(two.passed && two.isExhaustive, "\(two)")
      #expect(two.orders == 14, "\(two)")
      #expect(two.summary.contains("between actors, up to 2 preemptions per order"))
    }
  }

  /// The same bug through another actor of the app: the await is a turn on `AddLog` and back.
  @Test(
    .disabled(if: turnedOff, "needs the main actor watched"),
    .enabled(if: ActorTurns.areVisible, "needs a runtime that tells actors' turns apart"))
  func throughAnotherActor_theDefaultExploration_findsTheLostUpdate() async throws {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore { await Self.twoTaps($0, .throughAnotherActor) }
    }
    let found = try #require(report)
    #expect(issues.count == 1)
    #expect(found.failingOrder == "add#1 add#2 add#1.1 add#1.2")
    let failure = try #require(found.failure)
    #expect(failure.contains("Expected \"two taps count two\", which did not hold at the end."))
    #expect(
      failure.contains(
        "explorer let `add#1.1` run: the action `add#1` goes on past that await, on another actor"),
      "\(failure)")
  }

  @Test(
    .disabled(if: turnedOff, "needs the main actor watched"),
    .enabled(if: ActorTurns.areVisible, "needs a runtime that tells actors' turns apart"))
  func throughAnotherActor_theOrderFound_replays100Of100Times() async {
    let order = "add#1 add#2 add#1.1 add#1.2"
    for _ in 0..<100 {
      var report: ExplorationReport?
      let issues = await withIssueCollector {
        report = await explore(replay: order) { await Self.twoTaps($0, .throughAnotherActor) }
      }
      #expect(report?.failingOrder == order)
      #expect(issues.count == 1)
    }
  }

  /// Where the explorer runs must not change what it finds through other actors: from the main
  /// actor, from a detached task, and through a chain of two actors.
  @Test(
    .disabled(if: turnedOff, "needs the main actor watched"),
    .enabled(if: ActorTurns.areVisible, "needs a runtime that tells actors' turns apart"))
  func throughOtherActors_fromAnyContext_andThroughAChain_theLostUpdateIsFound() async {
    @Sendable func failingOrder(relayed: Bool) async -> String? {
      var report: ExplorationReport?
      _ = await withIssueCollector {
        report = await explore { scenario in
          let sut = AddInteractor(presenter: AddPresenter())
          let relay = AddRelay()
          await sut.activate()
          for _ in 0..<2 {
            scenario.action("add", on: sut) {
              if relayed {
                await sut.didTapAddRelayed(through: relay)
              } else {
                await sut.didTapAddLogged()
              }
            }
          }
          scenario.expect("two taps count two") { await sut.count == 2 }
        }
      }
      return report?.failingOrder
    }
    let onMain = await Task { @MainActor in await failingOrder(relayed: false) }.value
    let detached = await Task.detached { await failingOrder(relayed: false) }.value
    #expect(onMain == "add#1 add#2 add#1.1 add#1.2")
    #expect(detached == "add#1 add#2 add#1.1 add#1.2")
    // Into the relay, into its log, and back: each turn is a hop of its own.
    let relayed = await failingOrder(relayed: true)
    #expect(
      relayed == "add#1 add#1.1 add#2 add#1.2 add#2.1 add#1.3 add#2.2 add#2.3",
      "\(relayed ?? "nil")")
  }

  @Test func throughAnotherActor_eventsOnly_missTheLostUpdate() async {
    let report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 0)) {
      await Self.twoTaps($0, .throughAnotherActor)
    }
    #expect(report.passed, "\(report)")
    #expect(report.orders == 2)
  }

  @Test(
    .disabled(if: turnedOff, "needs the main actor watched"),
    .enabled(if: ActorTurns.areVisible, "needs a runtime that tells actors' turns apart"))
  func throughAnotherActor_theFixedSibling_passesEveryInterleaving_withOneOrderCountOver20Runs()
    async
  {
    var counts: Set<Int> = []
    for _ in 0..<20 {
      let report = await explore { await Self.twoTaps($0, .throughAnotherActorFixed) }
      #expect(report.passed && report.isExhaustive, "\(report)")
      counts.insert(report.orders)
    }
    #expect(counts == [4], "\(counts)")
  }
}

/// Interleaving by the other strategies, its misuse, and its report where the main actor is not
/// watched (`make main-executor-off` runs this suite with the executor turned off).
@Suite struct InterleavingAwaitsStrategyTests {
  private static let turnedOff =
    WatchedMainExecutor.turnsOff(
      ProcessInfo.processInfo.environment[WatchedMainExecutor.variable] ?? "") == true

  private static func failingOrder(
    _ strategy: ExplorationStrategy, _ variant: InterleavingAwaitsTests.Variant = .buggy
  ) async -> String? {
    var report: ExplorationReport?
    _ = await withIssueCollector {
      report = await explore(strategy: strategy) {
        await InterleavingAwaitsTests.twoTaps($0, variant)
      }
    }
    return report?.failingOrder
  }

  @Test(
    .disabled(if: turnedOff, "needs the main actor watched"),
    .enabled(if: ActorTurns.areVisible, "needs a runtime that tells actors' turns apart"),
    arguments: [ExplorationStrategy.random(seed: 3, runs: 200), .pct(seed: 3, runs: 200, depth: 2)])
  func randomAndPCT_reachTurnsOnOtherActors_andTheirSeedsRepeat(
    _ strategy: ExplorationStrategy
  ) async {
    let first = await Self.failingOrder(strategy, .throughAnotherActor)
    let second = await Self.failingOrder(strategy, .throughAnotherActor)
    #expect(first != nil)
    #expect(first == second)
    #expect(first?.contains(".1") == true, "\(first ?? "")")
  }

  @Test(
    .disabled(if: turnedOff, "needs the main actor watched"),
    arguments: [
      ExplorationStrategy.random(seed: 3, runs: 200), .pct(seed: 3, runs: 200, depth: 2),
    ])
  func randomAndPCT_reachTheAwaits_andTheirSeedsRepeat(_ strategy: ExplorationStrategy) async {
    let first = await Self.failingOrder(strategy.interleavingAwaits(preemptions: 1))
    let second = await Self.failingOrder(strategy.interleavingAwaits(preemptions: 1))
    #expect(first != nil)
    #expect(first == second)
    #expect(first?.contains(".1") == true, "\(first ?? "")")
  }

  @Test(arguments: [
    ("add#1 add#2 add#1.1 add#2.1", true), ("add add.1", true), ("add#1 add#2", false),
    ("v1.2 login#1✓", false), ("add#1.1 add#1", false),
  ])
  func anOrderNamesAHop_onlyAfterItsAction(order: String, namesAHop: Bool) {
    #expect(HeldHops.namesAHop(ExplorationOrder.tokens(of: order)) == namesAHop)
  }

  @Test func negativePreemptions_isRefusedAtTheCall() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: -1)) { _ in }
    }
    #expect(report?.orders == 0)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("preemptions must not be negative (it is -1)") == true)
  }

  @Test(.disabled(if: turnedOff, "needs the main actor watched"))
  func automatic_whereTheAwaitsDoNotFit_exploresEveryOrderOfEventsAlone_andSaysSo() async {
    // The fixed taps: 6 orders with awaits, more than half of 8; 2 of events alone.
    let report = await explore(strategy: .automatic(budget: 8)) {
      await InterleavingAwaitsTests.twoTaps($0, .fixed)
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
    #expect(report.orders == 6, "\(report)")
    #expect(
      report.summary
        == "exhaustive: all 2 orders of events (events only: with the actions' awaits (on the "
        + "main actor and between actors) and up to 1 preemption, more than 4 orders, which were "
        + "run first)")
  }

  @Test func theDefault_isOnePreemption_andSpelledWithoutIt() {
    #expect(ExplorationStrategy.automatic.description == "automatic(budget: 1000)")
    #expect(
      ExplorationStrategy.exhaustive().interleavingAwaits(preemptions: 0).description
        == "exhaustive(budget: 10000).interleavingAwaits(preemptions: 0)")
    #expect(ExplorationStrategy.random(seed: 1).preemptions == 1)
  }

  @Test func theDefault_whereAwaitsCannotBeInterleaved_isExhaustiveOverEvents_andSaysSo() async {
    let report = await explore(strategy: .exhaustive()) {
      await InterleavingAwaitsTests.twoTaps($0, .fixed)
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
    let refused = "awaits were not interleaved, only events: the main actor was not watched"
    #expect(report.summary.contains(refused) == Self.turnedOff, "\(report.summary)")
    #expect(report.orders == (Self.turnedOff ? 2 : 6), "\(report)")
  }

  @Test func theReport_saysWhetherAwaitsWereInterleaved() async {
    let report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 1)) {
      await InterleavingAwaitsTests.twoTaps($0, .fixed)
    }
    #expect(report.passed, "\(report)")
    let refused = "awaits were not interleaved, only events: the main actor was not watched"
    #expect(report.summary.contains(refused) == Self.turnedOff, "\(report.summary)")
    // Asked for awaits and given events only: never called exhaustive.
    #expect(report.isExhaustive == !Self.turnedOff)
    #expect(report.summary.hasPrefix("exhaustive") == !Self.turnedOff, "\(report.summary)")
  }
}

/// A run that stops early leaves no action suspended at a hop.
@Suite struct InterleavingAwaitsEndTests {
  private static let turnedOff =
    WatchedMainExecutor.turnsOff(
      ProcessInfo.processInfo.environment[WatchedMainExecutor.variable] ?? "") == true

  @Test(.disabled(if: turnedOff, "needs the main actor watched"), .timeLimit(.minutes(1)))
  func aRunFailingBeforeItsActionsEnd_letsThemRunToTheirEnd() async {
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    let presenter = AddPresenter()
    var report: ExplorationReport?
    _ = await withIssueCollector {
      report = await explore(
        strategy: .exhaustive().interleavingAwaits(preemptions: 1)
      ) { scenario in
        let sut = AddInteractor(presenter: presenter)
        await sut.activate()
        scenario.watch(sut)
        let began = Mutex(false)
        scenario.action("add", on: sut) {
          began.withLock { $0 = true }
          await sut.didTapAddSlowly()
          end.yield()
        }
        // Fails at the first point after the action started, its first hop held.
        scenario.invariant("nothing started") { !began.withLock { $0 } }
      }
    }
    #expect(report?.passed == false)
    // The action goes on past all its hops once the run stopped (a hop left held would keep it
    // suspended for good, and this test would reach its time limit).
    for await _ in ended { break }
    #expect(await MainActor.run { presenter.shown } == [1])
  }
}
