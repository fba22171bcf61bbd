import NapkinMutex
import Testing

@testable import NapkinTesting

@Suite struct TimeoutTimerTests {
  @Test func zeroTimeout_runsTheActionOnce() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    let timer = TimeoutTimer.start(after: .zero) { ran.record(1) }
    await timer.value
    #expect(ran == [1])
  }

  @Test func cancelledTimer_neverRunsItsAction() async {
    let ran = Mutex(false)
    let timer = TimeoutTimer.start(after: .seconds(60)) { ran.withLock { $0 = true } }
    timer.cancel()
    await timer.value
    #expect(!ran.withLock { $0 })
  }

  @Test func hugeAndNegativeTimeouts_doNotTrap() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    let huge = TimeoutTimer.start(after: .seconds(Int64.max)) { ran.record(0) }
    let negative = TimeoutTimer.start(after: .seconds(-5)) { ran.record(1) }
    huge.cancel()
    await huge.value
    await negative.value
    #expect(ran == [1])
  }

  @Test func manyTimers_fromManyTasks_eachRunsOnce() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          await TimeoutTimer.start(after: .milliseconds(index % 7)) { ran.record(index) }.value
        }
      }
    }
    #expect(Set(ran.all) == Set(0..<200))
  }
}
