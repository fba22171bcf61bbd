import NapkinTesting
import Synchronization

/// Recording one call, against a bare `Mutex<[Call]>` append and an unsynchronized append.
enum RecordingBenchmarks {
  static let callsPerRound = 10_000

  /// A plain array in a class, appended to without a lock: the floor.
  final class UnsynchronizedLog {
    var calls: [BenchCall] = []
  }

  static func mutexAppend() -> Double {
    let log = Mutex<[BenchCall]>([])
    let nanoseconds = Timing.perOperation(callsPerRound) {
      for page in 0..<callsPerRound { log.withLock { $0.append(.fetch(page: page)) } }
    }
    blackHole(log.withLock { $0.count })
    return nanoseconds
  }

  static func unsynchronizedAppend() -> Double {
    let log = UnsynchronizedLog()
    let nanoseconds = Timing.perOperation(callsPerRound) {
      for page in 0..<callsPerRound { log.calls.append(.fetch(page: page)) }
    }
    blackHole(log.calls.count)
    return nanoseconds
  }

  static func recordCalls() -> Double {
    let recorder = CallRecorder<BenchCall>("bench", exhaustive: false)
    let nanoseconds = Timing.perOperation(callsPerRound) {
      for page in 0..<callsPerRound { recorder.record(.fetch(page: page)) }
    }
    blackHole(recorder)
    return nanoseconds
  }

  /// Recording inside a checked test, where every call also goes to the test's timeline.
  static func recordCallsWithTimeline() async -> Double {
    await withNapkinChecks { recordCalls() }
  }

  static func run() async -> (
    record: Comparison, packageLock: Comparison, floor: Comparison, timeline: Comparison
  ) {
    let record = await Comparison.measure(
      "CallRecorder.record", against: "Mutex<[Call]> append", target: 2, rounds: 300,
      warmUp: 30, baseline: { mutexAppend() }, subject: { recordCalls() })
    let packageLock = await Comparison.measure(
      "CallRecorder.record", against: "package Mutex (pthread) append", rounds: 300, warmUp: 30,
      baseline: { PackageMutexBaseline.append(callsPerRound) }, subject: { recordCalls() })
    let floor = await Comparison.measure(
      "CallRecorder.record", against: "unsynchronized append (floor)", rounds: 300, warmUp: 30,
      baseline: { unsynchronizedAppend() }, subject: { recordCalls() })
    let timeline = await Comparison.measure(
      "record, timeline on (checked test)", against: "Mutex<[Call]> append", rounds: 300,
      warmUp: 30, baseline: { mutexAppend() }, subject: { await recordCallsWithTimeline() })
    return (record, packageLock, floor, timeline)
  }
}
