import ExplorationFixtures
import NapkinTesting
import Testing

nonisolated enum ProfileMethod: Hashable, Sendable { case profile }

final class MockProfileService: ProfileService, MockService {
  let mock = MockServiceCore<ProfileMethod>("MockProfileService")

  func profile() async throws -> String {
    try await throwIfFailing(.profile)
    return "Ada"
  }
}

nonisolated enum ProfileScreenCall: Equatable, Sendable { case show(String, whileActive: Bool) }

/// Records each name shown, and whether the interactor was active then.
final class MockProfilePresenter: RecordingPresenter<ProfileScreenCall>, ProfilePresentable {
  var lifecycle: InteractorLifecycle?

  func show(name: String) {
    record(.show(name, whileActive: lifecycle?.isActive ?? true))
  }
}

@Suite struct ProfileInteractorTests {
  @Test func handWritten_reloadThenLeave_passesOnTheBuggyInteractor() async {
    let service = MockProfileService()
    let presenter = MockProfilePresenter()
    let sut = ProfileInteractor(service: service, presenter: presenter)
    await MainActor.run { presenter.lifecycle = sut.lifecycle }
    await sut.activate()
    await sut.didTapReload()
    await sut.deactivate()
    #expect(presenter.calls == [.show("Ada", whileActive: true)])
    #expect(service.calls.count == 1)
  }

  @Test func exploration_findsThePresenterCalledAfterLeaving() async {
    let order = await expectExplorationFinds { scenario in
      await Self.leaveDuringReload(scenario, checksActivity: false)
    }
    #expect(order == "leave reload profile#1✓ reload.1")
  }

  @Test func exploration_ofTheFixedInteractor_passesEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.leaveDuringReload(scenario, checksActivity: true)
    }
    #expect(report.passed && report.isExhaustive)
    // leave before the reload, between it and its answer, or after (3 orders of events); or
    // after the answer while the reload waits to present (4)
    #expect(report.orders == 4, "\(report)")
  }

  static func leaveDuringReload(_ scenario: Scenario, checksActivity: Bool) async {
    let service = MockProfileService()
    let presenter = MockProfilePresenter()
    let buggy = ProfileInteractor(service: service, presenter: presenter)
    let fixed = ActiveOnlyProfileInteractor(service: service, presenter: presenter)
    let sut: any Interactable = checksActivity ? fixed : buggy
    await MainActor.run { presenter.lifecycle = sut.lifecycle }
    await sut.activate()
    scenario.watch(sut)
    scenario.answers(service, .profile)
    scenario.action("reload", on: sut) {
      if checksActivity { await fixed.didTapReload() } else { await buggy.didTapReload() }
    }
    scenario.action("leave", on: sut) { await sut.deactivate() }
    scenario.expect("nothing presented after leaving") {
      _ = service.calls.count
      return presenter.calls.all.allSatisfy { $0 == .show("Ada", whileActive: true) }
    }
  }
}
