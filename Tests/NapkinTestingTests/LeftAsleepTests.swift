import NapkinTesting
import Testing

/// An interactor whose activation binds a session that expires after 120 s on its clock.
private final actor SessionInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let clock: MockClock
  private(set) var expired = false

  init(clock: MockClock) { self.clock = clock }

  func didBecomeActive() async {
    task {
      guard (try? await self.clock.sleep(for: .seconds(120))) != nil else { return }
      self.expire()
    }
  }

  private func expire() { expired = true }
}

/// A failing run names the sleeps it left on clocks the scenario does not advance.
@Suite struct LeftAsleepTests {
  @Test func failingRun_withASleeperOnAClockNotAdvanced_namesItAndWhoSleeps() async {
    let issues = await withIssueCollector {
      await explore { scenario in
        let clock = MockClock("session")
        let sut = SessionInteractor(clock: clock)
        scenario.action("open") { await sut.activate() }
        scenario.expect("the session expired") { await sut.expired }
      }
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("Expected \"the session expired\", which did not hold at the end."))
    #expect(
      message.contains(
        "Left asleep when the run ended, on a clock the scenario does not advance: "
          + "`session→120s` (the task {} at NapkinTestingTests/LeftAsleepTests.swift:13). No "
          + "event can reach that deadline, so what follows it never ran: register the clock "
          + "with `scenario.advances(session)`, so its deadlines become events."),
      "\(message)")
  }

  @Test func advancedClock_isNotNamed_andTheRunPasses() async {
    let issues = await withIssueCollector {
      await explore { scenario in
        let clock = MockClock("session")
        let sut = SessionInteractor(clock: clock)
        scenario.advances(clock)
        scenario.action("open") { await sut.activate() }
        scenario.expect("the session expired") { await sut.expired }
      }
    }
    #expect(issues.isEmpty, "\(issues.map(\.message))")
  }
}
