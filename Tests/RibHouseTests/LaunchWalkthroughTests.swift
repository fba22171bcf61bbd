import NapkinTesting
import RibHouse
import Testing

/// "Testing a Napkin" in Swift Testing: the article's Launch scenarios with NapkinTesting.
///
/// The article's hand-written mocks are the files in `Mocks/`. `MockLaunchNapkinRouting` is a
/// `BaseMockRouter` with one line per routing method, and the base provides every inherited
/// routing member; `MockAuthServicing` is a `MockService` whose `Stub` replaces the `Result`
/// property and whose `failingMethods` drive the failure path. Every mock is `Sendable` as
/// checked by the compiler, and calls are awaited, never waited for with a delay.
///
/// Unlike the article, the Launch tests `activate()` the interactor: it subscribes to the user
/// stream in a bound task, and bound tasks registered while inactive never run; a test settles
/// the interactor after activation's LoggedOut attach, before it taps login. The
/// `.napkinChecks(strict: true)` trait fails a test that leaves a recorded call unasserted or an
/// interactor's bound task running.
@Suite(.napkinChecks(strict: true))
struct LaunchWalkthroughTests {
  // MARK: Step 2: a leaf interactor test

  @Test func didTapLogin_forwardsToListener() async {
    // Arrange
    let presenter = MockLoggedOutNapkinPresentable()
    let listener = MockLoggedOutNapkinListener()
    let sut = LoggedOutNapkinInteractor(presenter: presenter)
    await sut.wire(router: nil, listener: listener)

    // Act
    await sut.didTapLogin()

    // Assert: exactly one call, and nothing else.
    #expect(listener.calls == [.loggedOutDidTapLogin])
  }

  // MARK: Step 3: an orchestrator test

  @Test func loggedOutDidTapLogin_callsServiceAndAttachesLoggedIn() async {
    // Arrange
    let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
    auth.loginResult.value = .smokeyJoe
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router, listener: nil)
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut)
    await settle(sut)

    // Act
    await sut.loggedOutDidTapLogin()

    // Assert: one login; after activation's LoggedOut attach, exactly one LoggedIn attach.
    #expect(auth.calls == [.login])
    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(user: .smokeyJoe)])
    await sut.deactivate()
  }

  @Test func loggedOutDidTapLogin_onLoginFailure_doesNotAttachLoggedIn() async {
    // Arrange
    let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
    auth.failingMethods = [.login]
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router, listener: nil)
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut)
    await settle(sut)

    // Act
    await sut.loggedOutDidTapLogin()

    // Assert: still logged out, and the failure is shown on the login screen.
    #expect(auth.calls == [.login])
    #expect(
      router.calls == [.attachLoggedOut, .presentLoginFailure(message: "\(SimulatedError())")])
    await sut.deactivate()
  }

  // MARK: Step 4: testing lifecycle

  @Test func activate_attachesLoggedOut() async {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(
      authService: MockAuthServicing(userStreamFeed: MockStream(replaying: nil)))
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router, listener: nil)

    await sut.activate()

    // The attach happens in the bound task: await the recorded call, with a timeout.
    await router.calls.waitForCall(.attachLoggedOut)
    #expect(router.calls == [.attachLoggedOut])
    await sut.deactivate()
  }

  // MARK: Experiment: activating twice

  @Test func activateTwice_attachesLoggedOutOnce() async {
    let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router, listener: nil)

    await expectActivateIsIdempotent(sut) {
      await settle(sut)
      return router.calls.all
    }

    #expect(router.calls == [.attachLoggedOut])
    // Measured too, since routing is deduplicated: one user-stream subscription, not two.
    #expect(auth.userStreamFeed.subscriberCount == 1)
    await sut.deactivate()
  }
}
