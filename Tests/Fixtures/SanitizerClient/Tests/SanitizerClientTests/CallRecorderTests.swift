import NapkinTesting
import Testing

/// Many tasks record into one recorder while others wait on it and read it.
@Suite(.napkinChecks)
struct CallRecorderTests {
  static let writers = 8
  static let callsPerWriter = 250
  static let total = writers * callsPerWriter

  @Test func recordsFromManyTasks_wakeEveryWaiter() async {
    let recorder = CallRecorder<Int>("contended")

    await withTaskGroup(of: Void.self) { group in
      for target in stride(from: Self.total / 4, through: Self.total, by: Self.total / 4) {
        group.addTask {
          #expect(await recorder.waitForCalls(count: target))
        }
      }
      group.addTask {
        #expect(await recorder.waitForCall(where: { $0 == Self.total - 1 }))
      }
      for writer in 0..<Self.writers {
        group.addTask {
          let first = writer * Self.callsPerWriter
          for call in first..<first + Self.callsPerWriter { recorder.record(call) }
        }
      }
      group.addTask {
        for _ in 0..<100 {
          #expect(recorder.count <= Self.total)
          #expect(recorder.contains { $0 < 0 } == false)
        }
      }
    }

    let calls = recorder.all
    #expect(calls.sorted() == Array(0..<Self.total))
    for writer in 0..<Self.writers {
      let first = writer * Self.callsPerWriter
      #expect(
        calls.filter { $0 / Self.callsPerWriter == writer }
          == Array(first..<first + Self.callsPerWriter))
    }
  }

  @Test func resetWhileRecording_leavesARecorderThatStillWorks() async {
    let recorder = CallRecorder<Int>("reset")

    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          for call in 0..<200 { recorder.record(writer * 200 + call) }
        }
      }
      group.addTask {
        for _ in 0..<50 { recorder.reset() }
      }
    }
    recorder.reset()
    recorder.record(7)

    #expect(await recorder.waitForCalls(count: 1))
    #expect(recorder == [7])
  }
}
