import NapkinMutex
import Testing
import napkin

#if canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

// Feature code as napkin 2.x apps write it, with the fewest declarations it needs, and left at
// internal access, as app code is. None
// of the feature protocols restates `Sendable`: presentable and routing protocols inherit it from
// napkin; listener protocols are implemented by parent interactors, so they refine `Actor`.
// Services are plain protocols an actor calls into, so they refine `Sendable` themselves.

// MARK: - Shared model

struct User: Equatable {
  let name: String
  let barbecueFoods: [String]
}

// MARK: - A home screen: HomeInteractor

protocol HomePresentable: Presentable {
  func presentUser(_ user: User)
}

protocol HomeListener: Actor {}

protocol HomeInteractable: Interactable {}

protocol UserService: Sendable {
  var userStream: AsyncStream<User> { get }
}

final actor HomeInteractor: PresentableInteractable, HomeInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any HomePresentable
  weak var listener: (any HomeListener)?
  private let userService: any UserService

  init(presenter: any HomePresentable, userService: any UserService) {
    self.presenter = presenter
    self.userService = userService
  }

  func didBecomeActive() async {
    task {
      for await user in self.userService.userStream {
        await self.presenter.presentUser(user)
      }
    }
  }

  func willResignActive() async {
    // Release any references that should not outlive the active scope.
  }
}

// MARK: - LoggedOut and Launch napkins

protocol LoggedOutNapkinPresentableListener: Actor {
  func didTapLogin() async
}

protocol LoggedOutNapkinPresentable: Presentable {
  var listener: (any LoggedOutNapkinPresentableListener)? { get set }
}

protocol LoggedOutNapkinListener: Actor {
  func loggedOutDidTapLogin() async
}

protocol LoggedOutNapkinRouting: ViewableRouting {}

final actor LoggedOutNapkinInteractor: PresentableInteractable,
  LoggedOutNapkinPresentableListener
{
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any LoggedOutNapkinPresentable
  weak var router: (any LoggedOutNapkinRouting)?
  weak var listener: (any LoggedOutNapkinListener)?

  init(presenter: any LoggedOutNapkinPresentable) {
    self.presenter = presenter
  }

  func wire(router: (any LoggedOutNapkinRouting)?, listener: (any LoggedOutNapkinListener)?) {
    self.router = router
    self.listener = listener
  }

  func didTapLogin() async {
    await listener?.loggedOutDidTapLogin()
  }
}

protocol AuthService: Sendable {
  func login() async throws -> User
  func logout() async throws
}

protocol LaunchNapkinRouting: LaunchRouting {
  func attachLoggedOut() async
  func attachLoggedIn(user: User) async
}

protocol LaunchNapkinListener: Actor {}

final actor LaunchNapkinInteractor: Interactable, LoggedOutNapkinListener {
  nonisolated let lifecycle = InteractorLifecycle()
  weak var router: (any LaunchNapkinRouting)?
  weak var listener: (any LaunchNapkinListener)?
  private let authService: any AuthService

  init(authService: any AuthService) {
    self.authService = authService
  }

  func wire(router: (any LaunchNapkinRouting)?, listener: (any LaunchNapkinListener)?) {
    self.router = router
    self.listener = listener
  }

  func didBecomeActive() async {
    await router?.attachLoggedOut()
  }

  func loggedOutDidTapLogin() async {
    do {
      let user = try await authService.login()
      await router?.attachLoggedIn(user: user)
    } catch {
      // Stay on the logged-out screen.
    }
  }
}

// MARK: - Real routers for these napkins

@MainActor
private final class LoggedOutNapkinRouter: ViewableRouter<LoggedOutNapkinInteractor, TestScreen>,
  LoggedOutNapkinRouting
{}

private final actor LoggedInNapkinInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let user: User

  init(user: User) {
    self.user = user
  }
}

@MainActor
private final class LoggedInNapkinRouter: Router<LoggedInNapkinInteractor> {}

@MainActor
private final class LaunchNapkinRouter: LaunchRouter<LaunchNapkinInteractor, TestScreen>,
  LaunchNapkinRouting
{
  func attachLoggedOut() async {
    let presenter = MockLoggedOutNapkinPresentable()
    let loggedOut = LoggedOutNapkinInteractor(presenter: presenter)
    presenter.listener = loggedOut
    let router = LoggedOutNapkinRouter(interactor: loggedOut, viewController: TestScreen())
    await loggedOut.wire(router: router, listener: interactor)
    await attachChild(router)
  }

  func attachLoggedIn(user: User) async {
    for child in children where child is LoggedOutNapkinRouter { await detachChild(child) }
    await attachChild(LoggedInNapkinRouter(interactor: LoggedInNapkinInteractor(user: user)))
  }
}

// MARK: - Test doubles

@MainActor
private final class RecordingHomePresenter: HomePresentable {
  let presented = Recorder<User>()
  let presentations: AsyncStream<User>
  private let presentationsContinuation: AsyncStream<User>.Continuation

  init() {
    (presentations, presentationsContinuation) = AsyncStream.makeStream(of: User.self)
  }

  func presentUser(_ user: User) {
    presented.record(user)
    presentationsContinuation.yield(user)
  }
}

private final class StubUserService: UserService {
  let userStream: AsyncStream<User>
  let users: AsyncStream<User>.Continuation

  init() {
    (userStream, users) = AsyncStream.makeStream(of: User.self)
  }
}

/// Records every method the interactor calls on it, plus any state it sets.
@MainActor
private final class MockLoggedOutNapkinPresentable: LoggedOutNapkinPresentable {
  weak var listener: (any LoggedOutNapkinPresentableListener)?
  var updateCount = 0
}

private actor MockLaunchToLoggedOutListener: LoggedOutNapkinListener {
  private(set) var loggedOutDidTapLoginCalls = 0

  func loggedOutDidTapLogin() async {
    loggedOutDidTapLoginCalls += 1
  }
}

private final class MockAuthService: AuthService {
  private struct State {
    var loginResult: Result<User, any Error>
    var loginCalls = 0
    var logoutCalls = 0
  }

  private let state: Mutex<State>

  init(loginResult: Result<User, any Error> = .success(User(name: "Test User", barbecueFoods: [])))
  {
    state = Mutex(State(loginResult: loginResult))
  }

  var loginCalls: Int { state.withLock { $0.loginCalls } }

  func login() async throws -> User {
    try state.withLock { state in
      state.loginCalls += 1
      return state.loginResult
    }.get()
  }

  func logout() async throws {
    state.withLock { $0.logoutCalls += 1 }
  }
}

private enum RoutingCall: Equatable {
  case attachLoggedOut
  case attachLoggedIn(User)
}

@MainActor
private final class MockLaunchNapkinRouting: LaunchNapkinRouting {
  let calls = Recorder<RoutingCall>()

  func attachLoggedOut() async { calls.record(.attachLoggedOut) }
  func attachLoggedIn(user: User) async { calls.record(.attachLoggedIn(user)) }

  // LaunchRouting requirements, stubbed.
  nonisolated let interactable: any Interactable = ProbeInteractor(name: "mock")
  let viewControllable: any ViewControllable = TestScreen()
  var children: [any Routing] { [] }
  func load() async {}
  func loaded() async {}
  func attachChild(_ child: any Routing) async {}
  func detachChild(_ child: any Routing) async {}
  func launch() async {}
  #if canImport(UIKit)
    func launch(from window: UIWindow) async {}
  #elseif canImport(AppKit)
    func launch(from window: NSWindow) async {}
  #endif
}

private enum MockError: Error { case unauthorized }

// MARK: - Tests

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct FeatureCodeCompatibilityTests {
  private let smokeyJoe = User(name: "Smokey Joe", barbecueFoods: ["Brisket", "Ribs"])

  // MARK: Home screen

  @Test func home_whileActive_presentsEveryUserFromTheService() async {
    let presenter = RecordingHomePresenter()
    let service = StubUserService()
    let sut = HomeInteractor(presenter: presenter, userService: service)
    var presentations = presenter.presentations.makeAsyncIterator()
    let pitMaster = User(name: "Pit Master", barbecueFoods: ["Burnt ends"])

    await sut.activate()
    service.users.yield(smokeyJoe)
    #expect(await presentations.next() == smokeyJoe)
    service.users.yield(pitMaster)
    #expect(await presentations.next() == pitMaster)

    #expect(presenter.presented.events == [smokeyJoe, pitMaster])
    #expect(sut.presenter === presenter)
  }

  @Test func home_deactivate_endsTheUserStreamTask() async {
    let presenter = RecordingHomePresenter()
    let service = StubUserService()
    let sut = HomeInteractor(presenter: presenter, userService: service)
    var presentations = presenter.presentations.makeAsyncIterator()
    await sut.activate()
    service.users.yield(smokeyJoe)
    #expect(await presentations.next() == smokeyJoe)
    let boundTasks = sut.lifecycle.boundTasks
    #expect(boundTasks.count == 1)

    await sut.deactivate()
    for task in boundTasks { await task.cancellableValue }

    #expect(sut.lifecycle.boundTaskCount == 0)
    // The cancelled `for await` ended and released the stream: nobody consumes users any more.
    guard case .terminated = service.users.yield(smokeyJoe) else {
      Issue.record("the user stream is still being consumed after deactivation")
      return
    }
    #expect(presenter.presented.events == [smokeyJoe])
  }

  // MARK: LoggedOut napkin

  @Test func loggedOut_didTapLogin_forwardsToListenerOnce() async {
    let presenter = MockLoggedOutNapkinPresentable()
    let listener = MockLaunchToLoggedOutListener()
    let sut = LoggedOutNapkinInteractor(presenter: presenter)
    await sut.wire(router: nil, listener: listener)

    await sut.didTapLogin()

    #expect(await listener.loggedOutDidTapLoginCalls == 1)
  }

  @Test func loggedOut_viewTap_reachesListenerThroughPresentableListener() async {
    let presenter = MockLoggedOutNapkinPresentable()
    let listener = MockLaunchToLoggedOutListener()
    let sut = LoggedOutNapkinInteractor(presenter: presenter)
    presenter.listener = sut
    await sut.wire(router: nil, listener: listener)

    await dispatch { await presenter.listener?.didTapLogin() }.cancellableValue

    #expect(await listener.loggedOutDidTapLoginCalls == 1)
  }

  // MARK: Launch napkin

  @Test func launch_loggedOutDidTapLogin_callsServiceAndAttachesLoggedIn() async {
    let auth = MockAuthService(loginResult: .success(smokeyJoe))
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router, listener: nil)

    await sut.loggedOutDidTapLogin()

    #expect(auth.loginCalls == 1)
    #expect(router.calls.events == [.attachLoggedIn(smokeyJoe)])
  }

  @Test func launch_loggedOutDidTapLogin_onLoginFailure_doesNotAttachLoggedIn() async {
    let auth = MockAuthService(loginResult: .failure(MockError.unauthorized))
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router, listener: nil)

    await sut.loggedOutDidTapLogin()

    #expect(auth.loginCalls == 1)
    #expect(router.calls.events.isEmpty)
  }

  @Test func launch_didBecomeActive_attachesLoggedOut() async {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    await sut.wire(router: router, listener: nil)

    await sut.didBecomeActive()

    #expect(router.calls.events == [.attachLoggedOut])
  }

  @Test func launch_activateTwice_attachesLoggedOutOnce() async {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    await sut.wire(router: router, listener: nil)

    await sut.activate()
    await sut.activate()

    #expect(router.calls.events == [.attachLoggedOut])
  }

  @Test func launch_holdsItsRouterWeakly() async {
    var router: MockLaunchNapkinRouting? = MockLaunchNapkinRouting()
    let calls = router!.calls
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    await sut.wire(router: router, listener: nil)

    router = nil
    await sut.didBecomeActive()

    #expect(calls.events.isEmpty)
    #expect(await sut.router == nil)
  }

  @Test func launchTree_tapLogin_swapsLoggedOutForLoggedIn() async throws {
    let auth = MockAuthService(loginResult: .success(smokeyJoe))
    let interactor = LaunchNapkinInteractor(authService: auth)
    let router = LaunchNapkinRouter(interactor: interactor, viewController: TestScreen())
    await interactor.wire(router: router, listener: nil)

    await router.launch()
    let loggedOut = try #require(router.children.first as? LoggedOutNapkinRouter)
    #expect(router.children.count == 1)
    #expect(loggedOut.interactor.isActive)

    // The view's tap: presenter -> LoggedOut interactor -> Launch interactor -> service -> router.
    let presenter = try #require(loggedOut.interactor.presenter as? MockLoggedOutNapkinPresentable)
    await presenter.listener?.didTapLogin()

    #expect(auth.loginCalls == 1)
    #expect(!loggedOut.interactor.isActive)
    #expect(router.children.count == 1)
    let loggedIn = try #require(router.children.first as? LoggedInNapkinRouter)
    #expect(loggedIn.interactor.user == smokeyJoe)
    #expect(loggedIn.interactor.isActive)
  }
}
