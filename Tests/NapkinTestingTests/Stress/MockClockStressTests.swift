import NapkinTesting
import Testing

// Five minutes: a hang guard, far above the seconds these take under the thread sanitizer.
@Suite(.timeLimit(.minutes(5))) struct MockClockStressTests {
  @Test func tenThousandSleepers_eachWakesOnce_atItsDeadline() async throws {
    let clock = MockClock("Stress")
    let woke = CallRecorder<Int>("woke", exhaustive: false)
    let count = 10_000
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<count {
        // Deadlines 1...100 seconds, a hundred sleepers each, registered from many tasks.
        let deadline = MockClock.Instant(offset: .seconds(index % 100 + 1))
        group.addTask {
          try await clock.sleep(until: deadline)
          woke.record(index)
        }
      }
      #expect(await clock.waitForSleepers(count: count, timeout: .seconds(60)))  // hang guard
      #expect(clock.sleeperCount == count)
      for second in 1...100 {
        await clock.advance(to: .init(offset: .seconds(second)))
        // Every sleeper due by now has been resumed; none due later has.
        #expect(clock.sleeperCount == count - second * 100)
      }
      try await group.waitForAll()
    }
    #expect(woke.count == count)
    #expect(Set(woke.all).count == count)
    #expect(clock.now == MockClock.Instant(offset: .seconds(100)))
  }

  @Test func thousandSleepersCancelledWhileTheClockAdvances_eachEndsOnce() async {
    let clock = MockClock("Stress")
    let outcomes = CallRecorder<Bool>("outcomes", exhaustive: false)
    let tasks = (0..<1_000).map { index in
      Task {
        do {
          try await clock.sleep(for: .seconds(index % 10 + 1))
          outcomes.record(true)
        } catch {
          outcomes.record(false)
        }
      }
    }
    await clock.waitForSleepers(count: 1_000, timeout: .seconds(60))  // hang guard
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for task in tasks.enumerated() where task.offset % 2 == 0 { task.element.cancel() }
      }
      group.addTask { await clock.advance(by: .seconds(10)) }
    }
    for task in tasks { await task.value }
    #expect(outcomes.count == 1_000)
    #expect(clock.sleeperCount == 0)
  }
}
