import NapkinTesting
import RibHouse
import Testing

/// The auth gate. Activation subscribes to the user stream in a bound task: the mock stream
/// replays `nil` first, so every activated test starts by awaiting the LoggedOut attach.
@Suite(.napkinChecks(strict: true))
struct LaunchNapkinInteractorTests {
  let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
  let router = MockLaunchNapkinRouting()
  let sut: LaunchNapkinInteractor

  init() async {
    sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router, listener: nil)
    expectNoBoundTasksAtEnd(sut)
  }

  @Test func activate_attachesLoggedOut() async {
    await sut.activate()

    await router.calls.waitForCall(.attachLoggedOut)
    #expect(router.calls == [.attachLoggedOut])
    await sut.deactivate()
  }

  @Test func activateTwice_attachesLoggedOutOnce() async {
    await expectActivateIsIdempotent(sut) {
      await settle(sut)
      return router.calls.all
    }

    #expect(router.calls == [.attachLoggedOut])
    // Measured too, since routing is deduplicated: one user-stream subscription, not two.
    #expect(auth.userStreamFeed.subscriberCount == 1)
    await sut.deactivate()
  }

  @Test func loggedOutDidTapLogin_callsServiceOnce_andAttachesLoggedIn() async {
    auth.loginResult.value = .smokeyJoe
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut)
    await settle(sut)

    await sut.loggedOutDidTapLogin()

    #expect(auth.calls == [.login])
    // The only LoggedOut attach is activation's; the login adds exactly one LoggedIn attach.
    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(user: .smokeyJoe)])
    await sut.deactivate()
  }

  @Test func loggedOutDidTapLogin_onLoginFailure_staysLoggedOut_andPresentsFailure() async {
    auth.failingMethods = [.login]
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut)
    await settle(sut)

    await sut.loggedOutDidTapLogin()

    #expect(auth.calls == [.login])
    let failure = LaunchNapkinRoutingCall.presentLoginFailure(message: "\(SimulatedError())")
    #expect(router.calls == [.attachLoggedOut, failure])
    #expect(await sut.lastLoginError is SimulatedError)
    await sut.deactivate()
  }

  @Test func loggedOutDidTapLogin_whenUserStreamRepeatsTheUser_attachesLoggedInOnce() async {
    auth.loginResult.value = .smokeyJoe
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut)
    await settle(sut)

    await sut.loggedOutDidTapLogin()
    auth.userStreamFeed.send(.smokeyJoe)  // the real service broadcasts the login it just performed
    await settle(sut)  // the repeated user has been handled

    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(user: .smokeyJoe)])
    #expect(auth.calls == [.login])
    await sut.deactivate()
  }

  @Test func userStreamEmitsUser_attachesLoggedIn_withoutTheInteractorBeingTold() async {
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut)
    await settle(sut)

    auth.userStreamFeed.send(.smokeyJoe)

    await router.calls.waitForCall(.attachLoggedIn(user: .smokeyJoe))
    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(user: .smokeyJoe)])
    #expect(auth.calls == [])  // nobody called login()
    await sut.deactivate()
  }

  @Test func realAuthService_loginAndLogout_routeThroughTheUserStream() async throws {
    let service = AuthService(account: .smokeyJoe)
    let gate = LaunchNapkinInteractor(authService: service)
    await gate.wire(router: router, listener: nil)
    await gate.activate()
    await router.calls.waitForCall(.attachLoggedOut)

    _ = try await service.login()  // straight to the service: the interactor is not told
    await router.calls.waitForCall(.attachLoggedIn(user: .smokeyJoe))
    try await service.logout()
    await router.calls.waitForCalls(count: 3)

    #expect(
      router.calls == [.attachLoggedOut, .attachLoggedIn(user: .smokeyJoe), .attachLoggedOut])
    await gate.deactivate()
    await expectBoundTasksCancelled(gate)
    #expect(service.userSubscriberCount == 0)
  }

  @Test func loginInFlight_whenDeactivated_isAbandoned_andStaysLoggedOut() async throws {
    auth.loginResult.value = .smokeyJoe
    auth.hold(.login)
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut)
    await settle(sut)
    let tap = Task { await sut.loggedOutDidTapLogin() }
    await auth.waitUntilHeld(.login)

    await sut.deactivate()

    // Deactivation cancelled the login: the held call ended without a release.
    try #require(auth.heldCount(of: .login) == 0)
    await tap.value
    #expect(auth.calls == [.login])
    // No LoggedIn attach, and no failure presented: a cancelled login is not a failed one.
    #expect(router.calls == [.attachLoggedOut])
    #expect(await sut.lastLoginError == nil)
  }
}
