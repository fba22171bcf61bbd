import ExplorationFixtures
import NapkinTesting
import Testing

nonisolated enum LoginMethod: Hashable, Sendable { case login }

final class MockLoginService: LoginService, MockService {
  let mock = MockServiceCore<LoginMethod>("MockLoginService")

  func login() async throws -> String {
    try await throwIfFailing(.login)
    return "ada"
  }
}

nonisolated enum LoginRouterCall: Equatable, Sendable { case attachLoggedIn(String) }

final class MockLoginRouter: BaseMockRouter<LoginRouterCall>, LoginRouting {
  func attachLoggedIn(user: String) async { record(.attachLoggedIn(user)) }
}

@Suite struct LoginInteractorTests {
  @Test func handWritten_oneTapThenAnother_passesOnTheBuggyInteractor() async {
    let service = MockLoginService()
    let router = MockLoginRouter()
    let sut = LoginInteractor(service: service, router: router)
    await sut.activate()
    await sut.didTapLogin()
    await sut.didTapLogin()
    #expect(router.calls.count(of: .attachLoggedIn("ada")) == 1)  // the second tap is ignored
    #expect(service.calls.count == 1)
  }

  @Test func exploration_findsTheDoubleTap_andItsReplayFailsEveryTime() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        await Self.doubleTap(scenario, guarded: false)
      }
    }
    let order = try? #require(report?.failingOrder)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("Replay exactly this order") == true)
    #expect(order == "tap#1 tap#2 login#1✓ login#2✓ tap#1.1 tap#2.1")
    guard let order else { return }
    for _ in 0..<100 {
      let replayed = await withIssueCollector {
        let again = await explore(replay: order) { scenario in
          await Self.doubleTap(scenario, guarded: false)
        }
        #expect(again.failingOrder == order)
      }
      #expect(replayed.count == 1)
    }
  }

  @Test func exploration_ofTheGuardedInteractor_passesEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.doubleTap(scenario, guarded: true)
    }
    #expect(report.passed)
    #expect(report.isExhaustive)
    // either tap first, the second before or after the answer (4 orders of events); the second
    // also while the first waits to go on after its answer, or after the first's hop (6)
    #expect(report.orders == 6, "\(report)")
  }

  static func doubleTap(_ scenario: Scenario, guarded: Bool) async {
    let service = MockLoginService()
    let router = MockLoginRouter()
    let sut: any Interactable =
      guarded
      ? GuardedLoginInteractor(service: service, router: router)
      : LoginInteractor(service: service, router: router)
    await sut.activate()
    scenario.watch(sut)
    scenario.answers(service, .login)
    for _ in 0..<2 {
      scenario.action("tap", on: sut) {
        if let sut = sut as? GuardedLoginInteractor { await sut.didTapLogin() }
        if let sut = sut as? LoginInteractor { await sut.didTapLogin() }
      }
    }
    scenario.expect("one logged-in child") {
      service.calls.count >= 1 && router.calls.count(of: .attachLoggedIn("ada")) == 1
    }
  }
}
