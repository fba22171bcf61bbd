import NapkinTesting
import Testing

/// A counter that reads, awaits its service, then writes: the lost update of actor reentrancy.
final actor CounterInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let service: MockProfileService
  private(set) var count = 0

  init(service: MockProfileService) { self.service = service }

  func increment() async {
    let before = count
    _ = try? await service.orders()
    count = before + 1
  }

  /// The fix: the write reads the count after the await.
  func incrementAtomically() async {
    _ = try? await service.orders()
    count += 1
  }

  func reset() { count = 0 }
}

/// The explorer's own behaviour: strategies, replay, reduction, per-run checks and misuse.
@Suite struct ExploreTests {
  /// Two increments racing: the lost update appears only when both read before either answers.
  static func lostUpdate(_ scenario: Scenario) async {
    let service = MockProfileService()
    let sut = CounterInteractor(service: service)
    scenario.watch(sut)
    scenario.answers(service, .orders)
    scenario.action("inc", on: sut) { await sut.increment() }
    scenario.action("inc", on: sut) { await sut.increment() }
    scenario.expect("both increments count") {
      _ = service.calls.count
      return await sut.count == 2
    }
  }

  @Test func exhaustive_findsTheLostUpdate_andSaysHowManyOrdersPassedFirst() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore("two increments", strategy: .exhaustive(), Self.lostUpdate)
    }
    #expect(report?.failingOrder == "inc#1 inc#2 orders#1✓ orders#2✓")
    #expect(report?.orders == 1)  // the first order, both reads before either answer, fails
    let message = issues.first?.message ?? ""
    #expect(
      message.contains(
        "Exploring two increments: order 1 failed (depth-first, after 0 passed (events and the "
          + "actions' awaits on the main actor and between actors, up to 1 preemption per "
          + "order)):"))
    #expect(message.contains("Expected \"both increments count\", which did not hold at the end."))
    #expect(message.contains("The timeline of that run:"))
    #expect(message.contains(#"explore(replay: "inc#1 inc#2 orders#1✓ orders#2✓")"#))
  }

  @Test(arguments: [
    ExplorationStrategy.random(seed: 1, runs: 200), .pct(seed: 1, runs: 200, depth: 2),
  ])
  func randomAndPCT_findTheLostUpdate(strategy: ExplorationStrategy) async {
    var report: ExplorationReport?
    _ = await withIssueCollector {
      report = await explore(strategy: strategy, Self.lostUpdate)
    }
    #expect(report?.passed == false, "\(strategy): \(report.map { "\($0)" } ?? "-")")
  }

  @Test func sameSeed_picksTheSameOrders() async {
    var orders: [String?] = []
    for _ in 0..<2 {
      _ = await withIssueCollector {
        orders.append(
          await explore(strategy: .random(seed: 42, runs: 50), Self.lostUpdate).failingOrder)
      }
    }
    #expect(orders[0] != nil)
    #expect(orders[0] == orders[1])
  }

  @Test func replay_thatDoesNotReproduce_failsAndSaysWhere() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(replay: "inc#1 orders#2✓ inc#2 orders#1✓", Self.lostUpdate)
    }
    #expect(report?.passed == false)
    #expect(report?.failingOrder == "inc#1 orders#2✓ inc#2 orders#1✓")
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(
      message.contains(
        "The replay did not reproduce `inc#1 orders#2✓ inc#2 orders#1✓`: at step 2, after "
          + "`inc#1`, `orders#2✓` was not ready (ready: "),
      "\(message)")
    #expect(message.contains("Either the code changed"), "\(message)")
  }

  @Test func replay_ofAPrefix_goesOnWithTheFirstReadyEvent() async {
    let issues = await withIssueCollector {
      // The lost update's failing order, given only up to its second action.
      let report = await explore(replay: "inc#1 inc#2", Self.lostUpdate)
      #expect(report.passed == false)
      #expect(report.failingOrder?.hasPrefix("inc#1 inc#2 ") == true)
    }
    #expect(issues.count == 1)
  }

  @Test func independentInteractors_areNotTriedInBothOrders() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      for name in ["a", "b"] {
        let service = MockProfileService()
        let sut = CounterInteractor(service: service)
        scenario.watch(sut)
        scenario.answers(service, .orders)
        scenario.action(name, on: sut) { await sut.increment() }
        scenario.expect("\(name) counted once") {
          _ = service.calls.count
          return await sut.count == 1
        }
      }
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
    // Without reduction: the 6 interleavings of two chains of two events.
    #expect(report.orders == 3, "\(report)")
    #expect(report.skippedByReduction > 0, "\(report)")
  }

  @Test func aRunLeavingAnUnassertedMock_failsUnderStrictChecks() async {
    var report: ExplorationReport?
    _ = await withIssueCollector {
      report = await explore { scenario in
        let service = MockProfileService()
        let sut = CounterInteractor(service: service)
        scenario.watch(sut)
        scenario.action("inc", on: sut) { await sut.increment() }
        scenario.expect("counted") { await sut.count == 1 }
      }
    }
    #expect(report?.failingOrder == "inc")
    #expect(report?.failure?.contains("Strict checks") == true)
  }

  @Test func eventsThatNeverBecomeReady_failTheRun() async {
    var report: ExplorationReport?
    _ = await withIssueCollector {
      report = await explore { scenario in
        let prices = MockStream<Int>(label: "prices")
        scenario.sends([1], on: prices)
      }
    }
    #expect(report?.failure?.contains("Never delivered, because nothing subscribed") == true)
    #expect(report?.failure?.contains("prices←1") == true)
  }

  @Test func negativeTimeout_isReportedAtTheCallersLine() async {
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      await explore(timeout: .seconds(-1)) { scenario in scenario.expect("true") { true } }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.site.line == line)
  }

  @Test func automatic_fallsBackToRandomAndPCT_whenTheSpaceExceedsHalfTheBudget_andSaysSo() async {
    let report = await explore(
      strategy: .automatic(budget: 20).interleavingAwaits(preemptions: 0)
    ) { scenario in
      let service = MockProfileService()
      let sut = CounterInteractor(service: service)
      scenario.watch(sut)
      // Five actions on one interactor: 120 orders, more than 10.
      for _ in 0..<5 { scenario.action("reset", on: sut) { await sut.reset() } }
      scenario.expect("nothing counted") {
        _ = service.calls.count
        return await sut.count == 0
      }
    }
    #expect(report.passed)
    #expect(!report.isExhaustive)
    #expect(report.orders == 20)
    #expect(
      report.summary.hasPrefix("automatic: more than 10 orders, so 10 depth-first, then 10 random"),
      "\(report)")
  }

  @Test func automatic_isExhaustive_whenTheSpaceFits() async {
    let report = await explore { await Self.lostUpdateFixed($0) }
    #expect(report.passed && report.isExhaustive)
    #expect(
      report.summary
        == "exhaustive: all 6 orders (events and the actions' awaits on the main actor and between actors, up to 1 preemption per order)"
    )
  }

  /// The lost update, fixed: both increments count in every order.
  static func lostUpdateFixed(_ scenario: Scenario) async {
    let service = MockProfileService()
    let sut = CounterInteractor(service: service)
    scenario.watch(sut)
    scenario.answers(service, .orders)
    scenario.action("inc", on: sut) { await sut.incrementAtomically() }
    scenario.action("inc", on: sut) { await sut.incrementAtomically() }
    scenario.expect("both increments count") {
      _ = service.calls.count
      return await sut.count == 2
    }
  }

  @Test func hugeTimeout_doesNotTrap() async {
    let report = await explore(timeout: .seconds(Int64.max)) { await Self.lostUpdateFixed($0) }
    #expect(report.passed)
  }
}
