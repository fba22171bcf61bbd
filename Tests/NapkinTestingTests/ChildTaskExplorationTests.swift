import NapkinTesting
import Testing

/// A failure the explored answers inject.
private struct ProfileUnavailable: Error {}

/// The explorer sees a bound task's structured children as settle does: every answer of every
/// child's held call, every element and deadline a child waits on, is an event in every order.
@Suite struct ChildTaskExplorationTests {
  /// The parallel fetch, each call answered with success or a failure of its own kind.
  static func parallelFetch(_ scenario: Scenario) async -> ParallelFetchInteractor {
    let service = MockProfileService()
    let sut = ParallelFetchInteractor(service: service)
    scenario.watch(sut)
    scenario.answers(service, .profile, with: [.success, .failure(ProfileUnavailable())])
    scenario.answers(service, .orders, with: [.success, .cancellation])
    await sut.activate()
    scenario.expect("the calls were made") { service.calls.count == 2 }
    return sut
  }

  @Test func parallelFetch_triesEitherAnswerFirst_withEachOutcome_inAllEightOrders() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let sut = await Self.parallelFetch(scenario)
      scenario.expect("one line shown") { sut.shown.count == 1 }
    }
    #expect(report.passed)
    #expect(report.isExhaustive)
    // Both calls come from one task, so no order of them is skipped: 4 first answers × 2.
    #expect(report.orders == 8)
    #expect(report.skippedByReduction == 0)
  }

  @Test func parallelFetch_anOutcomeOfTwoChildren_isFound_andItsReplayRepeatsIt() async {
    func fetch(_ scenario: Scenario) async {
      let sut = await Self.parallelFetch(scenario)
      scenario.expect("a failed profile never meets a cancelled count") {
        sut.shown != ["?: -1"]
      }
    }
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore("the parallel fetch", strategy: .exhaustive(), fetch)
    }
    // Depth-first tries the answers in token order: the cancelled count first, then the profile.
    #expect(report?.failingOrder == "orders#1⊘ profile#1✗")
    #expect(report?.orders == 2)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains(#"explore(replay: "orders#1⊘ profile#1✗")"#) == true)

    var reproduced = 0
    for _ in 0..<20 {
      let replayed = await withIssueCollector {
        let again = await explore(replay: "orders#1⊘ profile#1✗", fetch)
        if again.failingOrder == "orders#1⊘ profile#1✗" { reproduced += 1 }
      }
      #expect(replayed.count == 1)
    }
    #expect(reproduced == 20)
  }

  @Test func parallelFetch_leavingAtAnyPoint_endsTheTask_inAllFiveOrders() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockProfileService()
      let sut = ParallelFetchInteractor(service: service)
      scenario.watch(sut)
      scenario.answers(service, .profile)
      scenario.answers(service, .orders)
      await sut.activate()
      scenario.action("leave", on: sut) { await sut.deactivate() }
      scenario.expect("one line shown, and the task ended") {
        _ = service.calls.count
        return sut.shown.count == 1 && sut.lifecycle.boundTaskCount == 0
      }
    }
    #expect(report.passed)
    // Leave before both answers, between them (either first), or after both (either first).
    #expect(report.orders == 5)
  }

  @Test func taskGroupOfFour_answersInAll24Orders() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockProfileService()
      let sut = FanOutInteractor(service: service, count: 4)
      scenario.watch(sut)
      scenario.answers(service, .item)
      await sut.activate()
      scenario.expect("the sum of all four") {
        _ = service.calls.count
        return sut.total == [10]
      }
    }
    #expect(report.passed)
    #expect(report.orders == 24)
  }

  @Test func childrenOnACallAStreamAndAClock_meetInAllSixOrders() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockProfileService()
      let prices = MockStream<Int>()
      let clock = MockClock()
      let sut = MixedWaitsInteractor(service: service, prices: prices, clock: clock)
      scenario.watch(sut)
      scenario.answers(service, .profile)
      scenario.sends([5], on: prices)
      scenario.advances(clock)
      await sut.activate()
      scenario.expect("all three shown") {
        _ = service.calls.count
        return sut.shown == ["Ada 5 true"]
      }
    }
    #expect(report.passed)
    #expect(report.orders == 6)
  }
}
