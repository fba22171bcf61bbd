import NapkinTesting
import Testing
import napkin

/// An interactor that loads, and shows a timeout message when nothing arrived within five
/// seconds on its clock: a watchdog task beside the loading task.
private final actor TimeoutInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let shown = CallRecorder<String>("TimeoutInteractor.shown")
  let clock: any Clock<Duration>
  let load: MockStream<String>
  private var loaded = false

  init(clock: any Clock<Duration>, load: MockStream<String>) {
    self.clock = clock
    self.load = load
  }

  func didBecomeActive() async {
    task {
      for await value in self.load.stream() { self.show(value) }
    }
    task {
      guard (try? await self.clock.sleep(for: .seconds(5))) != nil else { return }
      self.timeOut()
    }
  }

  private func show(_ value: String) {
    loaded = true
    shown.record(value)
  }

  private func timeOut() {
    if !loaded { shown.record("Timed out") }
  }
}

/// An interactor that ticks every second on its clock while active.
final actor TickingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let ticks = CallRecorder<Int>("TickingInteractor.ticks", exhaustive: false)
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func didBecomeActive() async {
    task {
      var count = 0
      while (try? await self.clock.sleep(for: .seconds(1))) != nil {
        count += 1
        self.ticks.record(count)
      }
    }
  }
}

/// An interactor whose bound tasks each sleep, then note their name.
private final actor SleepingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let clock: any Clock<Duration>
  private(set) var woke: [String] = []

  init(clock: any Clock<Duration>) { self.clock = clock }

  func sleep(_ name: String, for duration: Duration) {
    task {
      guard (try? await self.clock.sleep(for: duration)) != nil else { return }
      self.wake(name)
    }
  }

  private func wake(_ name: String) { woke.append(name) }
}

@Suite struct MockClockTests {
  @Test func newClock_isAtZero_withNoSleepers() {
    let clock = MockClock()
    #expect(clock.now == MockClock.Instant(offset: .zero))
    #expect(clock.sleeperCount == 0)
    #expect(clock.nextDeadline == nil)
    #expect("\(clock.now.advanced(by: .seconds(2)))" == "2.0 seconds")
  }

  @Test func sleepPastDeadline_returnsAtOnce() async throws {
    let clock = MockClock()
    try await clock.sleep(until: clock.now)
    try await clock.sleep(for: .seconds(-3))
    #expect(clock.sleeperCount == 0)
  }

  @Test func waitForSleepers_resumesWhenTheSleeperRegisters() async throws {
    let clock = MockClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
    #expect(await clock.waitForSleepers(count: 1))
    #expect(clock.sleeperCount == 1)
    #expect(clock.nextDeadline == MockClock.Instant(offset: .seconds(10)))
    await clock.advance(by: .seconds(10))
    try await sleeper.value
    #expect(clock.now == MockClock.Instant(offset: .seconds(10)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceShortOfTheDeadline_resumesNothing() async {
    let clock = MockClock()
    let woke = CallRecorder<String>("woke")
    let sleeper = Task {
      try await clock.sleep(for: .seconds(10))
      woke.record("woke")
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(9))
    #expect(clock.sleeperCount == 1)
    #expect(woke.count == 0)
    await clock.advance(by: .seconds(1))
    #expect(await woke.waitForCall("woke"))
    _ = await sleeper.result
  }

  @Test func advance_resumesInDeadlineOrder_tiesInRegistrationOrder() async {
    let clock = MockClock()
    let sut = SleepingInteractor(clock: clock)
    await sut.activate()
    for (name, seconds) in [("c", 3), ("a1", 1), ("b", 2), ("a2", 1)] {
      await sut.sleep(name, for: .seconds(seconds))
      // Each bound task sleeps before the next starts, so ties have a known registration order.
      await settle(sut)
    }
    #expect(clock.sleeperCount == 4)
    // Bound tasks: each resumed task settles before the next is resumed, so the order is exact.
    await clock.advance(to: .init(offset: .seconds(3)))
    #expect(await sut.woke == ["a1", "a2", "b", "c"])
    await sut.deactivate()
  }

  @Test func plainTasks_areResumedByTheirDeadline() async {
    let clock = MockClock()
    let woke = CallRecorder<String>("woke")
    let sleepers = [("late", 3), ("early", 1)].map { name, seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woke.record(name)
      }
    }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(2))
    await woke.waitForCall("early")
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await woke.waitForCalls(count: 2)
    #expect(woke == ["early", "late"])
    for sleeper in sleepers { _ = await sleeper.result }
  }

  @Test func cancelledSleeper_throwsCancellationError_andIsRemovedAtOnce() async {
    let clock = MockClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    sleeper.cancel()
    let result = await sleeper.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepInACancelledTask_throwsWithoutRegistering() async {
    let clock = MockClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await sleeper.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func advancePastADeadline_runsTheInteractorsTimeoutBranch() async {
    let clock = MockClock()
    let load = MockStream<String>(label: "load")
    let sut = TimeoutInteractor(clock: clock, load: load)
    await sut.activate()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(4))
    #expect(sut.shown.count == 0)
    await clock.advance(by: .seconds(1))
    // Returned once the bound task settled: the timeout branch has presented.
    #expect(sut.shown == ["Timed out"])
    await sut.deactivate()
  }

  @Test func aValueBeforeTheDeadline_neverShowsTheTimeout() async {
    let clock = MockClock()
    let load = MockStream<String>(label: "load")
    let sut = TimeoutInteractor(clock: clock, load: load)
    await sut.activate()
    await clock.waitForSleepers()
    await load.waitForSubscribers()
    load.send("Brisket")
    await settle(sut)
    await clock.advance(by: .seconds(5))
    #expect(sut.shown == ["Brisket"])
    await sut.deactivate()
  }

  @Test func advance_settlesBoundWork_thatSleepsAgain_withinOneAdvance() async {
    let clock = MockClock()
    let sut = TickingInteractor(clock: clock)
    await sut.activate()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(sut.ticks == [1, 2, 3])
    #expect(clock.sleeperCount == 1)
    #expect(clock.nextDeadline == MockClock.Instant(offset: .seconds(4)))
    await sut.deactivate()
  }

  @Test func aSleepingBoundTask_countsAsParkedForSettle() async {
    let clock = MockClock()
    let sut = TickingInteractor(clock: clock)
    await sut.activate()
    await clock.waitForSleepers()
    #expect(await settle(sut, timeout: .seconds(30)))  // hang guard
    await sut.deactivate()
  }

  @Test func twoTasksAdvancingAtOnce_takeTurns_andEveryTickHappensOnce() async {
    let clock = MockClock()
    let sut = TickingInteractor(clock: clock)
    await sut.activate()
    await clock.waitForSleepers()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 { group.addTask { await clock.advance(by: .seconds(5)) } }
    }
    #expect(clock.now == MockClock.Instant(offset: .seconds(10)))
    #expect(sut.ticks == Array(1...10))
    await sut.deactivate()
  }

  @Test func run_advancesUntilNoTaskSleeps() async {
    let clock = MockClock()
    let woke = CallRecorder<Int>("woke")
    let sleepers = (1...3).map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woke.record(seconds)
      }
    }
    await clock.waitForSleepers(count: 3)
    await clock.run()
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == MockClock.Instant(offset: .seconds(3)))
    await woke.waitForCalls(count: 3)
    #expect(Set(woke.all) == [1, 2, 3])
    for sleeper in sleepers { _ = await sleeper.result }
  }

  @Test func run_onAPeriodicTimer_stopsAndSaysWhy() async {
    let clock = MockClock("Ticker")
    let sut = TickingInteractor(clock: clock)
    await sut.activate()
    await clock.waitForSleepers()
    let issues = await withIssueCollector { await clock.run() }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("run() on Ticker stopped after 10000 wake-ups") == true)
    #expect(sut.ticks.count == 10_000)
    await sut.deactivate()
  }

  @Test func waitForSleepers_timesOut_reportingWhatSleeps() async {
    let clock = MockClock("PitClock")
    let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
    await clock.waitForSleepers()
    let issues = await withIssueCollector {
      #expect(await clock.waitForSleepers(count: 2, timeout: .milliseconds(10)) == false)
    }
    #expect(
      issues.map(\.message) == [
        "waitForSleepers(count: 2) on PitClock timed out after 0.01 seconds: 1 sleeper waits "
          + "(until 2.0 seconds); the clock is at 0.0 seconds."
      ])
    sleeper.cancel()
    _ = await sleeper.result
  }

  @Test(.napkinChecks) func aTimeoutInACheckedTest_endsWithTheClocksEvents() async {
    let clock = MockClock("PitClock")
    let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
    await clock.waitForSleepers()
    await withKnownIssue {
      await clock.waitForSleepers(count: 2, timeout: .milliseconds(10))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue
          == "waitForSleepers(count: 2) on PitClock timed out after 0.01 seconds: 1 sleeper "
          + "waits (until 2.0 seconds); the clock is at 0.0 seconds.\n"
          + "Last events of this test:\n  1. PitClock sleep until 2.0 seconds"
      }
    }
    sleeper.cancel()
    _ = await sleeper.result
  }

  @Test func waitForSleepers_cancelled_returnsFalseQuietly() async {
    let clock = MockClock()
    let issues = await withIssueCollector {
      let waiter = Task { await clock.waitForSleepers(timeout: .seconds(60)) }  // hang guard
      waiter.cancel()
      #expect(await waiter.value == false)
    }
    #expect(issues.isEmpty)
  }

  @Test(arguments: [0, -1])
  func waitForSleepers_countBelowOne_isAMisuse(count: Int) async {
    let clock = MockClock("C")
    let issues = await withIssueCollector {
      #expect(await clock.waitForSleepers(count: count) == false)
    }
    #expect(issues.first?.message.contains("count must be at least 1") == true)
  }

  @Test func advanceByANegativeDuration_isAMisuse_andMovesNothing() async {
    let clock = MockClock("C")
    let issues = await withIssueCollector { await clock.advance(by: .seconds(-1)) }
    #expect(
      issues.map(\.message) == [
        "advance(by: -1.0 seconds) on C: the duration must not be negative; the clock stays at "
          + "0.0 seconds."
      ])
    #expect(clock.now == MockClock.Instant(offset: .zero))
  }

  @Test func advanceToThePast_isAMisuse_andMovesNothing() async {
    let clock = MockClock("C")
    await clock.advance(by: .seconds(5))
    let issues = await withIssueCollector { await clock.advance(to: .init(offset: .seconds(1))) }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("never moves back") == true)
    #expect(clock.now == MockClock.Instant(offset: .seconds(5)))
  }

  @Test func hugeDurations_saturateInsteadOfTrapping() async {
    let clock = MockClock()
    await clock.advance(by: .seconds(1))
    let sleeper = Task { try await clock.sleep(for: .seconds(Int64.max)) }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(Int64.max))
    await clock.advance(by: .seconds(Int64.max))
    #expect(clock.now == MockClock.Instant(offset: .seconds(Int64.max)))
    #expect(clock.sleeperCount == 0)
    _ = await sleeper.result
  }

  @Test func sleepsAndAdvances_appearOnTheTimeline() async {
    await withNapkinChecks {
      let clock = MockClock("PitClock")
      let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(2))
      _ = await sleeper.result
      #expect(
        Timeline.current?.events.map(\.description) == [
          "PitClock sleep until 2.0 seconds", "PitClock advance to 2.0 seconds",
        ])
    }
  }

  @Test func instantArithmetic_matchesAContinuousClockInstants() {
    let clock = MockClock()
    var deadline = clock.now + .seconds(2)
    #expect(deadline == clock.now.advanced(by: .seconds(2)))
    #expect(.seconds(2) + clock.now == deadline)
    #expect(deadline - clock.now == .seconds(2))
    #expect(deadline - .seconds(1) == MockClock.Instant(offset: .seconds(1)))
    deadline += .milliseconds(500)
    #expect(deadline.offset == .milliseconds(2_500))
    deadline -= .seconds(3)
    #expect(deadline.offset == .milliseconds(-500))
    // Saturates instead of trapping, either way.
    #expect((clock.now + .seconds(Int64.max) + .seconds(Int64.max)) > clock.now)
    #expect((clock.now - .seconds(Int64.max) - .seconds(Int64.max)) < clock.now)
  }
}
