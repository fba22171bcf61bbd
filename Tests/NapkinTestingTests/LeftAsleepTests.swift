import NapkinMutex
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
          + "`session→120s` (the task {} at NapkinTestingTests/LeftAsleepTests.swift:14). No "
          + "event can reach that deadline, so what follows it never ran: register the clock "
          + "with `scenario.advances(session)`, so its deadlines become events."),
      "\(message)")
  }

  @Test func sleeperOnADetachedTask_isNamedToo() async {
    let clocks = Mutex<[MockClock]>([])
    let issues = await withIssueCollector {
      await explore { scenario in
        // Made in the run: a detached task inherits nothing of it, but its clock knows the run.
        let clock = MockClock("session")
        clocks.withLock { $0.append(clock) }
        Task.detached { try? await clock.sleep(for: .seconds(120)) }
        await clock.waitForSleepers(count: 1)
        scenario.action("open") {}
        scenario.expect("the session expired") { false }
      }
    }
    // Wakes the detached sleeper, so it ends with the test.
    for clock in clocks.withLock({ $0 }) { await clock.advance(by: .seconds(120)) }
    let message = issues.first?.message ?? ""
    #expect(
      message.contains("`session→120s` (a task settling cannot see (a `Task {}` started outside"),
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
