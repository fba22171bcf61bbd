import NapkinTesting
import Testing

/// A feature's presentable protocol, as a feature declares it.
private protocol HomePresentable: Presentable {
  func presentUser(_ user: User)
  func presentLoading(_ isLoading: Bool)
}

private enum HomePresenterCall: Equatable, Sendable {
  case presentUser(User)
  case presentLoading(Bool)
}

/// One line per method.
private final class MockHomePresenter: RecordingPresenter<HomePresenterCall>, HomePresentable {
  func presentUser(_ user: User) { record(.presentUser(user)) }
  func presentLoading(_ isLoading: Bool) { record(.presentLoading(isLoading)) }
}

/// An interactor that holds its presenter in a `nonisolated let` and awaits it from its actor.
private final actor HomeInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any HomePresentable
  private let auth: any AuthService

  init(presenter: any HomePresentable, auth: any AuthService) {
    self.presenter = presenter
    self.auth = auth
  }

  func didBecomeActive() async {
    task {
      await self.presenter.presentLoading(true)
      if let user = try? await self.auth.login() { await self.presenter.presentUser(user) }
      await self.presenter.presentLoading(false)
    }
  }
}

@Suite struct RecordingPresenterTests {
  @Test func init_isCallableFromANonisolatedTest() {
    let presenter = MockHomePresenter()
    #expect(presenter.calls.all.isEmpty)
    #expect(presenter.calls.label == "MockHomePresenter")
  }

  @MainActor
  @Test func record_fromTheMainActor_keepsOrder() {
    let presenter = MockHomePresenter()
    presenter.presentLoading(true)
    presenter.presentUser(User(name: "Ada"))
    #expect(presenter.calls == [.presentLoading(true), .presentUser(User(name: "Ada"))])
  }

  @Test func interactorActor_awaitsThePresenter_andTheTestAwaitsItsCalls() async {
    let presenter = MockHomePresenter()
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Smokey Joe")
    let sut = HomeInteractor(presenter: presenter, auth: auth)
    await sut.activate()
    #expect(await presenter.calls.waitForCalls(count: 3, timeout: .seconds(10)))
    #expect(
      presenter.calls == [
        .presentLoading(true), .presentUser(User(name: "Smokey Joe")), .presentLoading(false),
      ])
    await sut.deactivate()
  }

  @Test func interactorActor_onLoginFailure_presentsNoUser() async {
    let presenter = MockHomePresenter()
    let auth = MockAuthService()
    auth.failingMethods = [.login]
    let sut = HomeInteractor(presenter: presenter, auth: auth)
    await sut.activate()
    #expect(await presenter.calls.waitForCalls(count: 2, timeout: .seconds(10)))
    #expect(presenter.calls == [.presentLoading(true), .presentLoading(false)])
    await sut.deactivate()
  }
}
