// The code of Docs/NapkinTesting.docc/TestingANapkin.md: the "Testing a Napkin" walkthrough,
// rewritten with NapkinTesting.

import NapkinTesting
import Testing

// MARK: - The napkins under test

nonisolated struct User: Equatable, Sendable {
  var name: String
  var barbecueFoods: [String]
}

protocol AuthService: Sendable {
  func login() async throws -> User
  func logout() async throws
}

/// What the LoggedOut napkin tells its parent.
protocol LoggedOutNapkinListener: AnyObject, Sendable {
  func loggedOutDidTapLogin() async
}

@MainActor
protocol LoggedOutNapkinPresentable: Presentable {
  func presentLoginFailure(message: String)
}

/// A leaf: forwards the login tap up, shows the failures its parent reports.
final actor LoggedOutNapkinInteractor: PresentableInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any LoggedOutNapkinPresentable
  private weak var listener: (any LoggedOutNapkinListener)?

  init(presenter: any LoggedOutNapkinPresentable) {
    self.presenter = presenter
  }

  func wire(listener: (any LoggedOutNapkinListener)?) {
    self.listener = listener
  }

  func didTapLogin() async {
    await listener?.loggedOutDidTapLogin()
  }

  func loginDidFail(message: String) async {
    await presenter.presentLoginFailure(message: message)
  }
}

@MainActor
protocol LaunchNapkinRouting: LaunchRouting {
  func attachLoggedOut() async
  func attachLoggedIn(user: User) async
  func showLoginFailure(message: String) async
}

/// The orchestrator: shows LoggedOut, logs in on the tap, then routes.
final actor LaunchNapkinInteractor: Interactable, LoggedOutNapkinListener {
  nonisolated let lifecycle = InteractorLifecycle()
  private weak var router: (any LaunchNapkinRouting)?
  private let authService: any AuthService

  init(authService: any AuthService) {
    self.authService = authService
  }

  func wire(router: (any LaunchNapkinRouting)?) {
    self.router = router
  }

  func didBecomeActive() async {
    await router?.attachLoggedOut()
  }

  func loggedOutDidTapLogin() async {
    // Bound to the activation: detaching Launch cancels a login in flight.
    task {
      do {
        let user = try await self.authService.login()
        await self.router?.attachLoggedIn(user: user)
      } catch is CancellationError {
        // Deactivated while logging in: nothing to show.
      } catch {
        await self.router?.showLoginFailure(message: "Could not log in. Try again.")
      }
    }
  }
}

// MARK: - Step 1: the mocks

nonisolated enum LoggedOutPresenterCall: Equatable, Sendable {
  case presentLoginFailure(String)
}

final class MockLoggedOutPresenter: RecordingPresenter<LoggedOutPresenterCall>,
  LoggedOutNapkinPresentable
{
  func presentLoginFailure(message: String) { record(.presentLoginFailure(message)) }
}

nonisolated enum LoggedOutListenerCall: Equatable, Sendable {
  case loggedOutDidTapLogin
}

final class MockLoggedOutListener: LoggedOutNapkinListener, RecordingListener {
  let calls = CallRecorder<LoggedOutListenerCall>("MockLoggedOutListener")

  func loggedOutDidTapLogin() async { record(.loggedOutDidTapLogin) }
}

nonisolated enum AuthMethod: Hashable, Sendable {
  case login, logout
}

final class MockAuthService: AuthService, MockService {
  let mock = MockServiceCore<AuthMethod>("MockAuthService")
  let loginResult = Stub<User>(label: "loginResult")

  func login() async throws -> User {
    try await throwIfFailing(.login)
    return try loginResult.get()
  }

  func logout() async throws {
    try await throwIfFailing(.logout)
  }
}

nonisolated enum LaunchRouterCall: Equatable, Sendable {
  case attachLoggedOut
  case attachLoggedIn(User)
  case showLoginFailure(String)
}

final class MockLaunchRouter: BaseMockRouter<LaunchRouterCall>, LaunchNapkinRouting {
  func attachLoggedOut() async { record(.attachLoggedOut) }
  func attachLoggedIn(user: User) async { record(.attachLoggedIn(user)) }
  func showLoginFailure(message: String) async { record(.showLoginFailure(message)) }
}

// MARK: - Step 2: a leaf interactor

@Suite(.napkinChecks(strict: true))
struct LoggedOutNapkinInteractorTests {
  @Test func didTapLogin_forwardsToTheListenerOnce() async {
    let listener = MockLoggedOutListener()
    let sut = LoggedOutNapkinInteractor(presenter: MockLoggedOutPresenter())
    await sut.wire(listener: listener)

    await sut.didTapLogin()

    #expect(listener.calls == [.loggedOutDidTapLogin])
  }

  @Test func loginDidFail_showsTheMessage() async {
    let presenter = MockLoggedOutPresenter()
    let sut = LoggedOutNapkinInteractor(presenter: presenter)

    await sut.loginDidFail(message: "Could not log in. Try again.")

    #expect(presenter.calls == [.presentLoginFailure("Could not log in. Try again.")])
  }
}

// MARK: - Step 3: an orchestrator

@Suite(.napkinChecks(strict: true))
struct LaunchNapkinInteractorTests {
  let smokey = User(name: "Smokey Joe", barbecueFoods: ["Brisket", "Ribs"])
  let auth = MockAuthService()
  let router = MockLaunchRouter()

  func makeActiveSUT() async -> LaunchNapkinInteractor {
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.activate()
    return sut
  }

  @Test func login_callsTheServiceThenAttachesLoggedIn() async {
    auth.loginResult.value = smokey
    let sut = await makeActiveSUT()

    await sut.loggedOutDidTapLogin()
    await router.calls.waitForCalls(count: 2)

    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(smokey)])
    #expect(auth.calls == [.login])
  }

  @Test func loginFailure_showsTheFailureAndStaysLoggedOut() async {
    auth.failingMethods = [.login]
    let sut = await makeActiveSUT()

    await sut.loggedOutDidTapLogin()
    await router.calls.waitForCall(.showLoginFailure("Could not log in. Try again."))

    #expect(
      router.calls == [.attachLoggedOut, .showLoginFailure("Could not log in. Try again.")])
    #expect(auth.calls == [.login])
  }

  // MARK: Step 4: lifecycle

  @Test func activation_attachesLoggedOutOnce() async {
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)

    await expectActivateIsIdempotent(sut) { router.calls.count(of: .attachLoggedOut) }

    #expect(router.calls == [.attachLoggedOut])
  }

  @Test func loginWhileInactive_doesNothing() async {
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)

    await expectBoundTasksDropped { await sut.loggedOutDidTapLogin() }

    #expect(auth.calls == [])
    #expect(router.calls == [])
  }

  @Test func deactivation_endsTheLoginInFlight() async {
    auth.hold(.login)
    let sut = await makeActiveSUT()
    await sut.loggedOutDidTapLogin()
    await auth.waitUntilHeld(.login)

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)
    #expect(router.calls == [.attachLoggedOut])
    #expect(auth.calls == [.login])
  }
}
