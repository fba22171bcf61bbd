import NapkinMutex
import Testing

@testable import NapkinTesting

@Suite struct TimeoutTimerTests {
  @Test func zeroTimeout_runsTheActionOnce() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    let timer = TimeoutTimer()
    timer.start(after: .zero) { ran.record(1) }
    await timer.finished()
    #expect(ran == [1])
  }

  @Test func cancelledTimer_neverRunsItsAction() async {
    let ran = Mutex(false)
    let timer = TimeoutTimer()
    timer.start(after: .seconds(60)) { ran.withLock { $0 = true } }
    timer.cancel()
    await timer.finished()
    #expect(!ran.withLock { $0 })
  }

  @Test func hugeAndNegativeTimeouts_doNotTrap() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    let huge = TimeoutTimer()
    huge.start(after: .seconds(Int64.max)) { ran.record(0) }
    let negative = TimeoutTimer()
    negative.start(after: .seconds(-5)) { ran.record(1) }
    huge.cancel()
    await huge.finished()
    await negative.finished()
    #expect(ran == [1])
  }

  @Test func manyTimers_fromManyTasks_eachRunsOnce() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          let timer = TimeoutTimer()
          timer.start(after: .milliseconds(index % 7)) { ran.record(index) }
          await timer.finished()
        }
      }
    }
    #expect(Set(ran.all) == Set(0..<200))
  }
}
