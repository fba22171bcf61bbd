import Dispatch
import Testing

@testable import NapkinTesting

// Success never waits for a timer's delay: each test waits only for actions that must run.
@Suite struct TimeoutTimerTests {
  @Test func zeroTimeout_runsTheActionOnce() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    let timer = TimeoutTimer(after: .zero) { ran.record(1) }
    #expect(await ran.waitForCalls(count: 1, timeout: .seconds(60)))  // hang guard
    _ = timer
    #expect(ran == [1])
  }

  @Test func cancelledTimer_neverRunsItsAction_whileOneStartedAfterItDoes() async {
    // Both timers run on a suspended serial queue: the cancelled one is due at once, but cannot run
    // until the queue resumes, so the test never depends on cancel() winning a race with it.
    let ran = CallRecorder<String>("ran", exhaustive: false)
    let queue = DispatchQueue(label: "TimeoutTimerTests.cancelled")
    queue.suspend()
    let cancelled = TimeoutTimer(after: .zero, on: queue) { ran.record("cancelled") }
    let later = TimeoutTimer(after: .zero, on: queue) { ran.record("later") }
    cancelled.cancel()
    queue.resume()
    #expect(await ran.waitForCall("later", timeout: .seconds(60)))  // hang guard
    _ = later
    // The serial queue ran the cancelled item (as a no-op) before the later one.
    #expect(ran == ["later"])
  }

  @Test func hugeAndNegativeTimeouts_doNotTrap() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    let huge = TimeoutTimer(after: .seconds(Int64.max)) { ran.record(0) }
    let negative = TimeoutTimer(after: .seconds(-5)) { ran.record(1) }
    #expect(await ran.waitForCalls(count: 1, timeout: .seconds(60)))  // hang guard
    huge.cancel()
    _ = negative
    #expect(ran == [1])
  }

  @Test func manyTimers_fromManyTasks_eachRunsOnce() async {
    let ran = CallRecorder<Int>("ran", exhaustive: false)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask { _ = TimeoutTimer(after: .milliseconds(index % 7)) { ran.record(index) } }
      }
    }
    #expect(await ran.waitForCalls(count: 200, timeout: .seconds(60)))  // hang guard
    #expect(Set(ran.all) == Set(0..<200))
  }
}
