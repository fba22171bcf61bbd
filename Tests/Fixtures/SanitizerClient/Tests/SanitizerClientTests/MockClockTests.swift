import NapkinTesting
import Testing

/// Many tasks sleep on one test clock while others advance it, cancel sleepers and read it.
@Suite(.napkinChecks)
struct MockClockTests {
  @Test func sleepersFromManyTasks_advancedAndCancelledConcurrently_endOnce() async {
    let clock = MockClock("contended")
    let ended = CallRecorder<Int>("ended", exhaustive: false)
    let sleepers = (0..<200).map { index in
      Task {
        _ = try? await clock.sleep(for: .seconds(index % 20 + 1))
        ended.record(index)
      }
    }
    #expect(await clock.waitForSleepers(count: 200))
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await clock.advance(by: .seconds(10)) }
      group.addTask { await clock.advance(by: .seconds(10)) }
      group.addTask {
        for sleeper in sleepers.enumerated() where sleeper.offset % 3 == 0 {
          sleeper.element.cancel()
        }
      }
      group.addTask {
        for _ in 0..<100 { _ = (clock.sleeperCount, clock.now, clock.nextDeadline) }
      }
    }
    for sleeper in sleepers { await sleeper.value }
    #expect(ended.count == 200)
    #expect(clock.sleeperCount == 0)
  }
}
