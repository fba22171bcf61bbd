import NapkinTesting

/// One explored order against the hand-written test of one order of the same scenario.
///
/// The scenario has three events: an increment that awaits a held call, the call's answer, and a
/// reset that awaits nothing. Exploring it runs all three orders (the answer always follows its
/// increment); the baseline runs one of them by hand: hold, start the increment, wait until the
/// call is held, settle, reset, release, settle, check. Both run under strict end-of-test checks,
/// as the repository's tests do. The row compares the cost of one explored order with one
/// hand-written run; the target is 1.5×.
enum ExplorationBenchmarks {
  enum Method: Hashable, Sendable { case fetch }

  final class Service: MockService {
    let mock = MockServiceCore<Method>("bench.service")

    func fetch() async throws -> Int {
      try await throwIfFailing(.fetch)
      return 1
    }
  }

  final actor Counter: Interactable {
    nonisolated let lifecycle = InteractorLifecycle()
    let service: Service
    private(set) var count = 0

    init(service: Service) { self.service = service }

    func increment() async {
      count += (try? await service.fetch()) ?? 0
    }

    func reset() { count = 0 }
  }

  static let explorationsPerRound = 20

  /// Nanoseconds per explored order over `explorations` explorations, each run by `explore`,
  /// which must pass.
  static func nanosecondsPerOrder(
    explorations: Int, _ explore: () async -> ExplorationReport
  ) async -> Double {
    var orders = 0
    let nanoseconds = await Timing.perOperation(1) {
      for _ in 0..<explorations {
        let report = await explore()
        precondition(report.passed, "unexpected exploration: \(report)")
        orders += report.orders
      }
    }
    return nanoseconds / Double(orders)
  }

  /// Nanoseconds per explored order.
  static func explored() async -> Double {
    await nanosecondsPerOrder(explorations: explorationsPerRound) {
      let report = await explore(strategy: .exhaustive()) { scenario in
        let service = Service()
        let sut = Counter(service: service)
        scenario.watch(sut)
        scenario.answers(service, .fetch)
        scenario.action("inc", on: sut) { await sut.increment() }
        scenario.action("reset", on: sut) { await sut.reset() }
        scenario.expect("counted at most once") {
          let count = await sut.count
          return service.calls.count == 1 && count <= 1
        }
      }
      precondition(report.orders == 3, "unexpected exploration: \(report)")
      return report
    }
  }

  /// Nanoseconds per hand-written run of one order.
  static func handWritten() async -> Double {
    let runs = explorationsPerRound * 3
    var counted = true
    let nanoseconds = await Timing.perOperation(runs) {
      for _ in 0..<runs {
        await withNapkinChecks(strict: true) {
          let service = Service()
          let sut = Counter(service: service)
          service.hold(.fetch)
          let increment = Task { await sut.increment() }
          await service.waitUntilHeld(.fetch)
          await settle(sut)
          await sut.reset()
          service.release(.fetch)
          await increment.value
          await settle(sut)
          let count = await sut.count
          counted = counted && service.calls.count == 1 && count == 1
        }
      }
    }
    precondition(counted, "the hand-written run did not count once")
    return nanoseconds
  }

  static func run() async -> Comparison {
    await Comparison.measure(
      "explore: one order of a 3-event scenario", against: "the hand-written test of one order",
      target: 1.5, rounds: 30, warmUp: 3,
      baseline: { await handWritten() }, subject: { await explored() })
  }
}
