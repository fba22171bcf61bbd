import NapkinTesting

/// One explored order of a scenario shaped like an app's, against the same order written by hand.
///
/// An activated interactor with a main-actor presenter; two concurrent refreshes, each awaiting a
/// held service call, then presenting on the main actor; strict end-of-test checks. The baseline
/// writes one order by hand: hold, start both refreshes, wait until both calls are held, release,
/// settle, check. The target is 1.5×, in the debug build tests run in.
enum RealisticExplorationBenchmarks {
  enum Method: Hashable, Sendable { case fetch }

  final class Service: MockService {
    let mock = MockServiceCore<Method>("bench.feed")

    func fetch() async throws -> Int {
      try await throwIfFailing(.fetch)
      return 1
    }
  }

  @MainActor final class Presenter {
    private(set) var shown = 0

    func show(_ count: Int) { shown += count }
  }

  final actor Feed: Interactable {
    nonisolated let lifecycle = InteractorLifecycle()
    let service: Service
    let presenter: Presenter

    init(service: Service, presenter: Presenter) {
      self.service = service
      self.presenter = presenter
    }

    func refresh() async {
      let count = (try? await service.fetch()) ?? 0
      await presenter.show(count)
    }
  }

  static let explorationsPerRound = 5

  /// Nanoseconds per explored order; with the refreshes' hops to the presenter as choices too
  /// unless `preemptions` is 0.
  static func explored(preemptions: Int = 1) async -> Double {
    await ExplorationBenchmarks.nanosecondsPerOrder(explorations: explorationsPerRound) {
      await explore(strategy: .exhaustive().interleavingAwaits(preemptions: preemptions)) {
        scenario in
        let service = Service()
        let presenter = Presenter()
        let sut = Feed(service: service, presenter: presenter)
        await sut.activate()
        scenario.answers(service, .fetch)
        scenario.action("refresh", on: sut) { await sut.refresh() }
        scenario.action("refresh", on: sut) { await sut.refresh() }
        scenario.expect("each answer presented") {
          let shown = await presenter.shown
          return service.calls.count == shown
        }
      }
    }
  }

  /// Nanoseconds per hand-written run of one order.
  static func handWritten() async -> Double {
    let runs = explorationsPerRound * 6
    var presented = true
    let nanoseconds = await Timing.perOperation(runs) {
      for _ in 0..<runs {
        await withNapkinChecks(strict: true) {
          let service = Service()
          let presenter = Presenter()
          let sut = Feed(service: service, presenter: presenter)
          await sut.activate()
          service.hold(.fetch)
          let first = Task { await sut.refresh() }
          let second = Task { await sut.refresh() }
          await service.waitUntilHeld(.fetch, count: 2)
          service.release(.fetch)
          await first.value
          await second.value
          await settle(sut)
          let shown = await presenter.shown
          presented = presented && service.calls.count == 2 && shown == 2
        }
      }
    }
    precondition(presented, "the hand-written run did not present both answers")
    return nanoseconds
  }

  static func run() async -> Comparison {
    await Comparison.measure(
      "explore: one order of an activated interactor, main-actor presenter, two refreshes",
      against: "the same order written by hand", target: 1.5, rounds: 20, warmUp: 2,
      baseline: { await handWritten() }, subject: { await explored() })
  }

  /// The same row ordering events only (`interleavingAwaits(preemptions: 0)`), as explorations
  /// did before awaits were interleaved by default.
  static func runEventsOnly() async -> Comparison {
    await Comparison.measure(
      "explore, events only: the same scenario, its hops not held",
      against: "the same order written by hand", target: 1.5, rounds: 20, warmUp: 2,
      baseline: { await handWritten() }, subject: { await explored(preemptions: 0) })
  }
}
