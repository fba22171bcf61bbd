// The code of Docs/NapkinTesting.docc/ExploringOrders.md: the double-tap bug, the test that
// passes it, the exploration that fails it, and the fix.

import Foundation
import NapkinTesting
import Testing

nonisolated protocol SignInService: Sendable {
  func signIn() async throws -> String
}

@MainActor
protocol SignInRouting: Routing {
  func attachSignedIn(user: String) async
}

final actor SignInInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let service: any SignInService
  private let router: any SignInRouting
  private var isSignedIn = false

  init(service: any SignInService, router: any SignInRouting) {
    self.service = service
    self.router = router
  }

  func didTapSignIn() async {
    guard !isSignedIn else { return }
    guard let user = try? await service.signIn() else { return }
    isSignedIn = true
    await router.attachSignedIn(user: user)
  }
}

nonisolated enum SignInMethod: Hashable, Sendable { case signIn }

final class MockSignInService: SignInService, MockService {
  let mock = MockServiceCore<SignInMethod>("MockSignInService")

  func signIn() async throws -> String {
    try await throwIfFailing(.signIn)
    return "ada"
  }
}

nonisolated enum SignInRouterCall: Equatable, Sendable { case attachSignedIn(String) }

final class MockSignInRouter: BaseMockRouter<SignInRouterCall>, SignInRouting {
  func attachSignedIn(user: String) async { await recordCall(.attachSignedIn(user)) }
}

@Suite struct SignInInteractorTests {
  @Test func secondTap_isIgnored() async {
    let service = MockSignInService()
    let router = MockSignInRouter()
    let sut = SignInInteractor(service: service, router: router)
    await sut.activate()

    await sut.didTapSignIn()
    await sut.didTapSignIn()

    #expect(router.calls == [.attachSignedIn("ada")])
    #expect(service.calls == [.signIn])
  }

  @Test func doubleTap_attachesOneSignedInChild_inEveryOrder() async {
    let issues = await withIssueCollector {
      await explore { scenario in
        let service = MockSignInService()
        let router = MockSignInRouter()
        let sut = SignInInteractor(service: service, router: router)
        scenario.answers(service, .signIn)
        await sut.activate()
        scenario.action("tap", on: sut) { await sut.didTapSignIn() }
        scenario.action("tap", on: sut) { await sut.didTapSignIn() }
        scenario.expect("one signed-in child") {
          service.calls.count >= 1 && router.calls.count(of: .attachSignedIn("ada")) == 1
        }
      }
    }
    // The article shows this failure; the test keeps it from drifting.
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("tap#1 tap#2 signIn#1✓ signIn#2✓") == true)
  }

  @Test func theReplay_failsTheSameWay() async {
    let issues = await withIssueCollector {
      await explore(replay: "tap#1 tap#2 signIn#1✓ signIn#2✓") { scenario in
        let service = MockSignInService()
        let router = MockSignInRouter()
        let sut = SignInInteractor(service: service, router: router)
        scenario.answers(service, .signIn)
        await sut.activate()
        scenario.action("tap", on: sut) { await sut.didTapSignIn() }
        scenario.action("tap", on: sut) { await sut.didTapSignIn() }
        scenario.expect("one signed-in child") {
          service.calls.count >= 1 && router.calls.count(of: .attachSignedIn("ada")) == 1
        }
      }
    }
    #expect(issues.count == 1)
  }
}

final actor FixedSignInInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let service: any SignInService
  private let router: any SignInRouting
  private var isSigningIn = false
  private var isSignedIn = false

  init(service: any SignInService, router: any SignInRouting) {
    self.service = service
    self.router = router
  }

  func didTapSignIn() async {
    guard !isSigningIn, !isSignedIn else { return }
    isSigningIn = true
    defer { isSigningIn = false }
    guard let user = try? await service.signIn() else { return }
    isSignedIn = true
    await router.attachSignedIn(user: user)
  }
}

@Suite struct FixedSignInInteractorTests {
  @Test func doubleTap_attachesOneSignedInChild_inEveryOrder() async {
    let report = await explore { scenario in
      let service = MockSignInService()
      let router = MockSignInRouter()
      let sut = FixedSignInInteractor(service: service, router: router)
      scenario.answers(service, .signIn, with: [.success, .failure(SimulatedError())])
      await sut.activate()
      scenario.action("tap", on: sut) { await sut.didTapSignIn() }
      scenario.action("tap", on: sut) { await sut.didTapSignIn() }
      scenario.expect("at most one signed-in child") {
        service.calls.count >= 1 && router.calls.count(of: .attachSignedIn("ada")) <= 1
      }
    }
    #expect(report.isExhaustive)
    #expect(
      report.summary
        == "exhaustive: all 16 orders (events and the actions' awaits on the main actor and between "
        + "actors, up to 1 preemption per order)")
  }
}

@Suite struct FaultSweepTests {
  @Test func sweep_answersEverySignInWithEachOutcome() async {
    let report = await explore { scenario in
      let service = MockSignInService()
      let router = MockSignInRouter()
      let sut = FixedSignInInteractor(service: service, router: router)
      scenario.answers(service, with: [.success, .failure(SimulatedError()), .cancellation])
      await sut.activate()
      scenario.action("tap", on: sut) { await sut.didTapSignIn() }
      scenario.expect("a child only after a sign-in") {
        service.calls.count >= 1 && router.calls.count(of: .attachSignedIn("ada")) <= 1
      }
    }
    #expect(
      report.summary
        == "exhaustive: all 3 orders (events and the actions' awaits on the main actor and between "
        + "actors, up to 1 preemption per order); answered: MockSignInService.signIn 1✓ 1✗ 1⊘")
  }
}

@Suite struct HeldRouterCallTests {
  @Test func secondTapWhileTheRouterAttaches_attachesOnce() async {
    let report = await explore { scenario in
      let service = MockSignInService()
      let router = MockSignInRouter()
      let sut = FixedSignInInteractor(service: service, router: router)
      scenario.answers(service, .signIn)
      scenario.answers(router)
      await sut.activate()
      scenario.action("tap", on: sut) { await sut.didTapSignIn() }
      scenario.action("tap", on: sut) { await sut.didTapSignIn() }
      scenario.expect("one sign-in, one child") {
        service.calls.count == 1 && router.calls.count(of: .attachSignedIn("ada")) == 1
      }
    }
    #expect(
      report.summary
        == "exhaustive: all 12 orders (events and the actions' awaits on the main actor and between "
        + "actors, up to 1 preemption per order)")
  }
}

// MARK: Interleaving at awaits

@MainActor final class AddPresenter {
  private(set) var shown: [Int] = []
  func showBusy() {}
  func show(count: Int) { shown.append(count) }
}

final actor AddInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let presenter: AddPresenter
  private(set) var count = 0

  init(presenter: AddPresenter) { self.presenter = presenter }

  func didTapAdd() async {
    let current = count
    await presenter.showBusy()  // a hop to the main actor
    count = current + 1
    await presenter.show(count: count)
  }
}

/// Another actor of the app, with no NapkinTesting double in between.
actor AddLog {
  private(set) var entries = 0
  func note() { entries += 1 }
}

final actor LoggedAddInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let log: AddLog
  private(set) var count = 0

  init(log: AddLog) { self.log = log }

  func didTapAdd() async {
    let current = count
    await log.note()  // a turn on another actor of the app
    count = current + 1
  }
}

@Suite struct InterleavingAwaitsArticleTests {
  // `make main-executor-off` runs the interleaving suites with the main actor not watched.
  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["NAPKIN_MAIN_EXECUTOR"] == "off",
      "needs the main actor watched"))
  func twoTaps_loseAnUpdate_whichInterleavingAwaitsFinds() async {
    let issues = await withIssueCollector {
      await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 1)) { scenario in
        let sut = AddInteractor(presenter: AddPresenter())
        await sut.activate()
        scenario.action("add", on: sut) { await sut.didTapAdd() }
        scenario.action("add", on: sut) { await sut.didTapAdd() }
        scenario.expect("two taps count two") { await sut.count == 2 }
      }
    }
    // The article shows this failure; the test keeps it from drifting.
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("add#1 add#2 add#1.1 add#2.1 add#1.2 add#2.2") == true)
  }

  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["NAPKIN_MAIN_EXECUTOR"] == "off",
      "needs the main actor watched"))
  func twoTaps_throughAnotherActor_loseAnUpdate_whichTheDefaultFinds() async {
    let issues = await withIssueCollector {
      await explore { scenario in
        let sut = LoggedAddInteractor(log: AddLog())
        await sut.activate()
        scenario.action("add", on: sut) { await sut.didTapAdd() }
        scenario.action("add", on: sut) { await sut.didTapAdd() }
        scenario.expect("two taps count two") { await sut.count == 2 }
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("add#1 add#2 add#1.1 add#1.2") == true)
  }
}
