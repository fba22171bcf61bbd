import NapkinTesting
import Testing

/// An interactor that starts loading when it becomes active, as the napkin template's does.
private final actor ContentInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let service: MockProfileService
  private(set) var loaded = 0

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    task {
      guard (try? await self.service.profile()) != nil else { return }
      self.markLoaded()
    }
  }

  private func markLoaded() { loaded += 1 }
}

/// The order of two lines in the scenario's closure never changes the verdict: work bound during
/// the closure waits for it to return.
@Suite struct RegistrationOrderTests {
  private static func activateThenAnswer(_ scenario: Scenario) async {
    let service = MockProfileService()
    let sut = ContentInteractor(service: service)
    await sut.activate()
    scenario.answers(service, .profile, with: [.success, .failure(SimulatedError())])
    scenario.expect("loads once, or not at all on a failure") {
      _ = service.calls.count
      return await sut.loaded <= 1
    }
  }

  @Test func activateBeforeAnswers_exploresTheLoad_everyTime() async {
    for _ in 0..<20 {
      let report = await explore(strategy: .exhaustive(), Self.activateThenAnswer)
      #expect(report.passed, "\(report)")
      #expect(report.isExhaustive, "\(report)")
      #expect(
        report.summary
          == "exhaustive: all 2 orders (events and the actions' awaits on the main actor and between actors, up to 1 preemption per order)",
        "\(report)")
    }
  }

  @Test func settleInsideTheClosure_runsTheBoundWorkThere() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockProfileService()
      let sut = ContentInteractor(service: service)
      scenario.answers(service, .profile)
      await sut.activate()
      // The load parks on its held call: settling inside the closure runs it that far.
      #expect(await settle(sut))
      #expect(service.calls.count == 1)
      scenario.expect("loaded") { await sut.loaded == 1 }
    }
    #expect(report.passed && report.orders == 1, "\(report)")
  }
}
