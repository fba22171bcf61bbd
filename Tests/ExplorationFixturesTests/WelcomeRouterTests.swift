import ExplorationFixtures
import NapkinTesting
import Testing
import napkin

@MainActor
@Suite struct WelcomeRouterTests {
  @Test func handWritten_loginThenAnother_passesOnTheBuggyRouter() async {
    let service = MockLoginService()
    let router = WelcomeRouter(interactor: LeafInteractor())
    let sut = WelcomeInteractor(service: service) { await router.routeToLoggedIn() }
    await sut.activate()
    await sut.didTapLogin()
    #expect(router.children.count == 1)
    #expect(service.calls.count == 1)
    await router.detachChild(router.loggedIn)
  }

  @Test func exploration_findsTheSecondAttachOfTheSameChild() async {
    let order = await expectExplorationFinds { scenario in
      await Self.twoLogins(scenario, idempotent: false)
    }
    #expect(
      order
        == "tap#1 login#1✓ tap#1.1 tap#1.2 tap#1.3 tap#1.4 tap#1.5 tap#1.6 tap#1.7 tap#1.8 tap#1.9 "
        + "tap#1.10 tap#1.11 tap#2 login#2✓ tap#2.1 tap#2.2 tap#2.3 tap#2.4")
  }

  @Test func exploration_ofTheIdempotentRouter_passesEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.twoLogins(scenario, idempotent: true)
    }
    #expect(report.passed && report.isExhaustive)
    // either tap first, each answer before or after the other tap (6 orders of events); with the
    // second login overtaking the first at each of its hops through the router's attach, 72
    #expect(report.orders == 72, "\(report)")
  }

  static func twoLogins(_ scenario: Scenario, idempotent: Bool) async {
    let service = MockLoginService()
    let buggy = WelcomeRouter(interactor: LeafInteractor())
    let fixed = IdempotentWelcomeRouter(interactor: LeafInteractor())
    let sut = WelcomeInteractor(service: service) {
      if idempotent { await fixed.routeToLoggedIn() } else { await buggy.routeToLoggedIn() }
    }
    await sut.activate()
    let root: any Routing = idempotent ? fixed : buggy
    scenario.watch(sut)
    scenario.watch(root)
    scenario.answers(service, .login)
    scenario.action("tap", on: sut) { await sut.didTapLogin() }
    scenario.action("tap", on: sut) { await sut.didTapLogin() }
    scenario.expect("the logged-in child attached once") {
      _ = service.calls.count
      return await MainActor.run { root.children.count == 1 }
    }
  }
}
