import NapkinTesting
import Synchronization

/// `throwIfFailing` with nothing failing and with the method failing, against a bare
/// `Mutex<[Call]>` append (the call is recorded either way).
enum FailureInjectionBenchmarks {
  static let callsPerRound = 10_000

  final class BenchService: MockService {
    let mock = MockServiceCore<BenchMethod>("BenchService")

    func fetchPage() async throws {
      try await throwIfFailing(.fetchPage)
    }
  }

  static func mutexAppend() -> Double {
    let log = Mutex<[BenchMethod]>([])
    let nanoseconds = Timing.perOperation(callsPerRound) {
      for _ in 0..<callsPerRound { log.withLock { $0.append(.fetchPage) } }
    }
    blackHole(log.withLock { $0.count })
    return nanoseconds
  }

  /// The bare floor of a failing call: a locked append, then throwing a stored error.
  final class ThrowingLog: Sendable {
    let log = Mutex<[BenchMethod]>([])
    let error: any Error = SimulatedError()

    func append() async throws {
      log.withLock { $0.append(.fetchPage) }
      throw error
    }
  }

  static func mutexAppendAndThrow() async -> Double {
    let log = ThrowingLog()
    var thrown = 0
    let nanoseconds = await Timing.perOperation(callsPerRound) {
      for _ in 0..<callsPerRound {
        do { try await log.append() } catch { thrown += 1 }
      }
    }
    precondition(thrown == callsPerRound, "unexpected outcome: \(thrown) thrown")
    return nanoseconds
  }

  static func throwIfFailing(failing: Bool) async -> Double {
    let service = BenchService()
    if failing { service.failingMethods = [.fetchPage] }
    var thrown = 0
    let nanoseconds = await Timing.perOperation(callsPerRound) {
      for _ in 0..<callsPerRound {
        do { try await service.fetchPage() } catch { thrown += 1 }
      }
    }
    precondition(thrown == (failing ? callsPerRound : 0), "unexpected outcome: \(thrown) thrown")
    blackHole(service)
    return nanoseconds
  }

  static func run() async -> (succeeding: Comparison, failing: Comparison, throwing: Comparison) {
    let succeeding = await Comparison.measure(
      "throwIfFailing, nothing failing", against: "Mutex<[Call]> append", target: 2,
      rounds: 300, warmUp: 30,
      baseline: { mutexAppend() }, subject: { await throwIfFailing(failing: false) })
    let failing = await Comparison.measure(
      "throwIfFailing, method failing (throws)", against: "Mutex<[Call]> append", target: 2,
      rounds: 300, warmUp: 30,
      baseline: { mutexAppend() }, subject: { await throwIfFailing(failing: true) })
    let throwing = await Comparison.measure(
      "throwIfFailing, method failing (throws)", against: "Mutex append + throw (floor)",
      rounds: 300, warmUp: 30,
      baseline: { await mutexAppendAndThrow() }, subject: { await throwIfFailing(failing: true) })
    return (succeeding, failing, throwing)
  }
}
