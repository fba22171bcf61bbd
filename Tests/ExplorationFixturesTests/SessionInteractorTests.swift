import ExplorationFixtures
import NapkinTesting
import Testing

nonisolated enum DataMethod: Hashable, Sendable { case fetch }

final class MockDataService: DataService, MockService {
  let mock = MockServiceCore<DataMethod>("MockDataService")

  func fetch() async throws -> String {
    try await throwIfFailing(.fetch)
    return "fresh"
  }
}

nonisolated enum SessionScreenCall: Equatable, Sendable { case show(String), expired }

final class MockSessionPresenter: RecordingPresenter<SessionScreenCall>, SessionPresentable {
  func show(data: String) { record(.show(data)) }
  func showExpired() { record(.expired) }
}

@Suite struct SessionInteractorTests {
  @Test func handWritten_refreshThenExpiry_passesOnTheBuggyInteractor() async {
    let service = MockDataService()
    let presenter = MockSessionPresenter()
    let clock = MockClock()
    let sut = SessionInteractor(service: service, presenter: presenter, clock: clock)
    await sut.activate()
    await clock.waitForSleepers(count: 1)
    await sut.didTapRefresh()
    await clock.advance(by: .seconds(30))
    #expect(presenter.calls == [.show("fresh"), .expired])
    #expect(service.calls.count == 1)
    await sut.deactivate()
  }

  @Test func exploration_findsFreshDataShownOnTheExpiredSession() async {
    let order = await expectExplorationFinds { scenario in
      await Self.expiryDuringRefresh(scenario, rechecks: false)
    }
    #expect(order == "refresh fetch#1✓ session→30s refresh.1")
  }

  @Test func exploration_ofTheFixedInteractor_passesEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.expiryDuringRefresh(scenario, rechecks: true)
    }
    #expect(report.passed && report.isExhaustive)
    // the expiry before the refresh, during its fetch, or after (3 orders of events); or while
    // the refresh waits at one of its two hops to the main actor (5)
    #expect(report.orders == 5, "\(report)")
  }

  static func expiryDuringRefresh(_ scenario: Scenario, rechecks: Bool) async {
    let service = MockDataService()
    let presenter = MockSessionPresenter()
    let clock = MockClock("session")
    let buggy = SessionInteractor(service: service, presenter: presenter, clock: clock)
    let fixed = ExpiryCheckingSessionInteractor(
      service: service, presenter: presenter, clock: clock)
    let sut: any Interactable = rechecks ? fixed : buggy
    await sut.activate()
    await clock.waitForSleepers(count: 1)
    scenario.watch(sut)
    scenario.answers(service, .fetch)
    scenario.advances(clock)
    scenario.action("refresh", on: sut) {
      if rechecks { await fixed.didTapRefresh() } else { await buggy.didTapRefresh() }
    }
    scenario.expect("no data shown once expired") {
      _ = service.calls.count
      let calls = presenter.calls.all
      guard let expiry = calls.firstIndex(of: .expired) else { return false }
      return !calls[expiry...].contains(.show("fresh"))
    }
  }
}
