import NapkinTesting
import Synchronization

/// `throwIfFailing` with nothing failing and with the method failing, against what such a call
/// must do at least: a locked append plus a `Set` lookup under that lock when nothing fails, and a
/// locked append plus a throw when the method fails.
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

  /// The bare floor of a succeeding call: a locked append and a lookup of the failing methods.
  static func mutexAppendAndSetLookup() -> Double {
    let state = Mutex<(log: [BenchMethod], failing: Set<BenchMethod>)>(([], []))
    var failed = 0
    let nanoseconds = Timing.perOperation(callsPerRound) {
      for _ in 0..<callsPerRound {
        let fails = state.withLock { state in
          state.log.append(.fetchPage)
          return state.failing.contains(.fetchPage)
        }
        if fails { failed += 1 }
      }
    }
    blackHole(state.withLock { $0.log.count } + failed)
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

  static func run() async -> (succeeding: Comparison, failing: Comparison) {
    let succeeding = await Comparison.measure(
      "throwIfFailing, nothing failing", against: "Mutex append + Set lookup", target: 2,
      rounds: 300, warmUp: 30,
      baseline: { mutexAppendAndSetLookup() }, subject: { await throwIfFailing(failing: false) })
    let failing = await Comparison.measure(
      "throwIfFailing, method failing (throws)", against: "Mutex append + throw (floor)",
      target: 1, rounds: 300, warmUp: 30,
      baseline: { await mutexAppendAndThrow() }, subject: { await throwIfFailing(failing: true) })
    return (succeeding, failing)
  }
}
