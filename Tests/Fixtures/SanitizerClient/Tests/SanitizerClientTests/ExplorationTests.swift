import NapkinTesting
import SanitizerClient
import Testing

/// Explorations from a package that depends on napkin: the explorer installs its main executor
/// here too, and main-actor tests beside it see the main actor as before.
@Suite struct ExplorationTests {
  @Test func twoSelections_everyAnswer_showEachTrackOrItsFailure() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockTrackService()
      let presenter = MockPlayerPresenter()
      let sut = PlayerInteractor(presenter: presenter, service: service)
      scenario.answers(service, .fetchTrack, with: [.success, .failure(ClientError())])
      await sut.activate()
      scenario.action("select", on: sut) { await sut.didSelect([1]) }
      scenario.action("select", on: sut) { await sut.didSelect([2]) }
      scenario.expect("each selection shows its track or its failure") {
        _ = service.calls.count
        _ = service.playing.subscriberCount
        return presenter.calls.count == 2
      }
    }
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive && report.orders > 2, "\(report)")
    #if os(Linux) && arch(x86_64)
      #expect(!report.summary.contains("not watched"), "\(report.summary)")
    #endif
  }

  @MainActor @Test func mainActorWork_beside_runsIsolatedAndInOrder() async {
    for _ in 0..<20 {
      var order: [Int] = []
      let first = Task { @MainActor in order.append(1) }
      let second = Task { @MainActor in order.append(2) }
      await first.value
      await second.value
      MainActor.assertIsolated()
      #expect(order == [1, 2])
    }
  }
}

struct ClientError: Error {}
