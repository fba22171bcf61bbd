import NapkinTesting
import RibHouse
import Testing

/// The real Launch tree (its builders, routers, interactors and presenters) on mock services,
/// tested the way an app's own integration test would be: act, settle the root router, then
/// assert the routers attached and what the window shows.
///
/// `settle(launchRouter)` returns once every interactor in the tree is done reacting, including
/// the napkins that the routing attached while it settled and the work they started: the pit
/// subscriptions and the specials load. Nothing polls `children` or waits on a screen as a proxy.
@MainActor
@Suite(.napkinChecks)
struct LaunchTreeTests {

  let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
  let pit = MockPitServicing(boardUpdatesFeed: MockStream(replaying: PitBoard.opening))
  let specials = MockSpecialsServicing(todaysSpecialsResult: Stub(Special.todaysMenu))
  let window = TextScreen(title: "")
  let launchRouter: any LaunchNapkinRouting

  /// Builds the tree on `window`; nothing runs until `launchRouter.launch()`.
  init() async {
    let component = RibHouseComponent(
      authService: auth, pitService: pit, specialsService: specials)
    launchRouter = await LaunchNapkinBuilder(dependency: component).build(
      window: window, listener: nil)
  }

  @Test func launch_attachesLoggedOut() async {
    await launchRouter.launch()
    await settle(launchRouter)

    #expect(RouterTreeRenderer.render(launchRouter) == ExpectedTree.loggedOut)
    #expect(window.topScreen.title == LoggedOutNapkinPresenter.screenTitle)
    #expect(auth.calls == [])
  }

  @Test func tapLogin_attachesLoggedInWithItsChildren_andTheirWorkIsDone() async throws {
    auth.loginResult.value = .smokeyJoe
    await launchRouter.launch()
    await settle(launchRouter)

    try await tap("login")
    await settle(launchRouter)

    #expect(RouterTreeRenderer.render(launchRouter) == ExpectedTree.loggedIn)
    let loggedIn = try #require(launchRouter.children.first as? LoggedInNapkinRouter)
    #expect(loggedIn.interactable.lifecycle.isActive)
    #expect(loggedIn.children.allSatisfy { $0.interactable.lifecycle.isActive })
    // The LoggedIn napkin's bound pit subscription has presented the opening board.
    #expect(window.topScreen.title == LoggedInNapkinPresenter.screenTitle)
    #expect(!window.topScreen.isLoading)
    #expect(window.composedText.contains("Welcome back, Smokey Joe!"))
    #expect(window.composedText.contains("Live pit (board #0)"))
    #expect(auth.calls == [.login])
    #expect(pit.boardUpdatesFeed.subscriberCount == 1)
    #expect(pit.lastCallsFeed.subscriberCount == 1)
  }

  @Test func pitBoard_thenLogoutOnTheUserStream_attachesLoggedOutAgain() async throws {
    auth.loginResult.value = .smokeyJoe
    await launchRouter.launch()
    await settle(launchRouter)
    try await tap("login")
    await settle(launchRouter)

    try await tap("pit")
    await settle(launchRouter)

    #expect(RouterTreeRenderer.render(launchRouter) == ExpectedTree.pitBoard)
    // The Pit Board's two bound tasks are done: the board is shown and the specials loaded.
    #expect(window.topScreen.title == PitBoardNapkinPresenter.screenTitle)
    #expect(!window.topScreen.isLoading)
    #expect(window.composedText.contains("Brisket mac & cheese"))
    #expect(specials.calls == [.todaysSpecials])

    auth.userStreamFeed.send(nil)  // the session ended elsewhere: the service reports no user
    await settle(launchRouter)

    #expect(RouterTreeRenderer.render(launchRouter) == ExpectedTree.loggedOut)
    #expect(window.topScreen.title == LoggedOutNapkinPresenter.screenTitle)
    #expect(!window.composedText.contains("Welcome back"))
    #expect(pit.boardUpdatesFeed.subscriberCount == 0)
    #expect(pit.lastCallsFeed.subscriberCount == 0)
    #expect(auth.calls == [.login])
  }

  @Test func userStreamLogin_thenTapLogout_releasesTheLoggedInNapkin() async throws {
    await launchRouter.launch()
    await settle(launchRouter)

    auth.userStreamFeed.send(.smokeyJoe)  // signed in elsewhere: nobody tapped login
    await settle(launchRouter)

    #expect(RouterTreeRenderer.render(launchRouter) == ExpectedTree.loggedIn)
    // Neither router is kept in a local: released only when the test returns, a router's deinit
    // would deactivate its interactor from a task that still holds it while the checks run.
    let interactor = try #require(
      launchRouter.children.first?.interactable as? LoggedInNapkinInteractor)
    expectDeallocatedAtEnd(try #require(launchRouter.children.first))
    expectDeallocatedAtEnd(interactor)
    expectDeallocatedAtEnd(interactor.presenter)

    try await tap("logout")
    await settle(launchRouter)

    #expect(RouterTreeRenderer.render(launchRouter) == ExpectedTree.loggedOut)
    #expect(window.topScreen.title == LoggedOutNapkinPresenter.screenTitle)
    #expect(!interactor.lifecycle.isActive)
    #expect(interactor.lifecycle.boundTaskCount == 0)
    #expect(auth.calls == [.logout])
    await launchRouter.interactable.deactivate()
  }

  @Test func loginInFlight_whenTheRootDeactivates_leavesTheTreeLoggedOut() async throws {
    auth.loginResult.value = .smokeyJoe
    auth.hold(.login)
    await launchRouter.launch()
    await settle(launchRouter)
    let login = try #require(window.topScreen.action(for: "login")).perform()
    await auth.waitUntilHeld(.login)

    await launchRouter.interactable.deactivate()
    await login.value
    await settle(launchRouter)

    try #require(auth.heldCount(of: .login) == 0)  // cancelled, not released
    #expect(RouterTreeRenderer.render(launchRouter) == ExpectedTree.loggedOut)
    #expect(!window.composedText.contains("Login failed"))
    #expect(auth.calls == [.login])
  }

  /// Fires `command` on the screen on top of the window, as a guest's tap, and awaits the intent
  /// it starts; settle the tree afterwards for the work that intent set off.
  private func tap(_ command: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    let action = try #require(
      window.topScreen.action(for: command), "no '\(command)' on \(window.topScreen.title)",
      sourceLocation: sourceLocation)
    await action.perform().value
  }
}
