import NapkinTesting
import Testing

// The Launch napkin's `MockLaunchNapkinRouting`, written on `BaseMockRouter`: the call enum and the mock
// take five lines, and `LaunchRouting`'s own members come from the base.
enum LaunchNapkinRoutingCall: Equatable, Sendable { case attachLoggedOut, attachLoggedIn(User) }
final class MockLaunchNapkinRouting: BaseMockRouter<LaunchNapkinRoutingCall>, LaunchNapkinRouting {
  func attachLoggedOut() async { record(.attachLoggedOut) }
  func attachLoggedIn(user: User) async { record(.attachLoggedIn(user)) }
}

/// A feature protocol refining plain `Routing`.
private protocol SettingsRouting: Routing {
  func routeToAbout() async
  func routeBack(animated: Bool) async
}

private enum SettingsRoutingCall: Equatable, Sendable {
  case routeToAbout
  case routeBack(animated: Bool)
}

private final class MockSettingsRouting: BaseMockRouter<SettingsRoutingCall>, SettingsRouting {
  func routeToAbout() async { record(.routeToAbout) }
  func routeBack(animated: Bool) async { record(.routeBack(animated: animated)) }
}

/// A feature protocol refining `ViewableRouting`.
private protocol ProfileRouting: ViewableRouting {
  func showAvatar(named name: String) async
}

private enum ProfileRoutingCall: Equatable, Sendable {
  case showAvatar(String)
}

private final class MockProfileRouting: BaseMockRouter<ProfileRoutingCall>, ProfileRouting {
  func showAvatar(named name: String) async { record(.showAvatar(name)) }
}

/// A child with no feature calls.
private final class MockChildRouting: BaseMockRouter<Never> {}

/// A child that records, when loaded, whether its interactor was already active.
private final class LoadOrderProbeRouting: BaseMockRouter<Bool> {
  override func load() async {
    record(mockInteractor.isActive)
    await super.load()
  }
}

@Suite struct BaseMockRouterTests {
  @Test func init_isCallableFromANonisolatedSynchronousTest() {
    let router = MockSettingsRouting()
    #expect(router.calls.all.isEmpty)
    #expect(router.routing.all.isEmpty)
    #expect(router.mockInteractor.activationCount == 0)
  }

  @Test func routingSubclass_recordsFeatureCallsInOrder() async {
    let router = MockSettingsRouting()
    let routing: any SettingsRouting = router
    await routing.routeToAbout()
    await routing.routeBack(animated: true)
    #expect(router.calls == [.routeToAbout, .routeBack(animated: true)])
    #expect(router.routing.all.isEmpty)
  }

  @MainActor
  @Test func viewableRoutingSubclass_recordsFeatureCallsAndProvidesAView() async {
    let router = MockProfileRouting()
    let routing: any ProfileRouting = router
    await routing.showAvatar(named: "brisket.png")
    #expect(router.calls == [.showAvatar("brisket.png")])
    #expect(routing.viewControllable === router.mockView)
    #expect(router.mockView.label.contains("MockProfileRouting"))
  }

  @Test func launchRoutingSubclass_recordsFeatureCalls() async {
    let router = MockLaunchNapkinRouting()
    let routing: any LaunchNapkinRouting = router
    await routing.attachLoggedOut()
    await routing.attachLoggedIn(user: User(name: "Smokey Joe"))
    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(User(name: "Smokey Joe"))])
  }

  @Test func launch_activatesTheMockInteractorAndLoads() async {
    let router = MockLaunchNapkinRouting()
    let routing: any LaunchRouting = router
    await routing.launch()
    #expect(router.routing == [.launch, .load])
    #expect(router.mockInteractor.activationCount == 1)
    #expect(router.mockInteractor.isActive)
    #expect(router.calls.all.isEmpty)
  }

  @Test func loadAndLoaded_areRecorded() async {
    let router = MockSettingsRouting()
    await router.load()
    await router.loaded()
    #expect(router.routing == [.load, .loaded])
  }

  @Test func interactable_isTheRecordingMockInteractor() async {
    let router = MockSettingsRouting()
    #expect(router.interactable === router.mockInteractor)
    await router.interactable.activate()
    await router.interactable.activate()
    await router.interactable.deactivate()
    #expect(router.mockInteractor.activationCount == 1)
    #expect(router.mockInteractor.deactivationCount == 1)
  }

  @MainActor
  @Test func children_startEmptyAndFollowAttachAndDetachInOrder() async {
    let parent = MockSettingsRouting()
    let first = MockChildRouting()
    let second = MockChildRouting()
    #expect(parent.children.isEmpty)
    await parent.attachChild(first)
    await parent.attachChild(second)
    #expect(
      parent.children.map(ObjectIdentifier.init) == [first, second].map(ObjectIdentifier.init))
    await parent.detachChild(first)
    #expect(parent.children.map(ObjectIdentifier.init) == [ObjectIdentifier(second)])
  }

  @MainActor
  @Test func attachChild_activatesTheChildsInteractableThenLoadsIt() async {
    let parent = MockSettingsRouting()
    let child = LoadOrderProbeRouting()
    await parent.attachChild(child)
    #expect(child.mockInteractor.activationCount == 1)
    #expect(child.routing == [.load])
    // The child's load ran after its interactor became active.
    #expect(child.calls == [true])
    #expect(parent.routing == [.attachChild(RouterCall.Child(child))])
  }

  @MainActor
  @Test func detachChild_deactivatesAndRemovesTheChild() async {
    let parent = MockSettingsRouting()
    let child = MockChildRouting()
    await parent.attachChild(child)
    await parent.detachChild(child)
    #expect(parent.children.isEmpty)
    #expect(child.mockInteractor.deactivationCount == 1)
    #expect(!child.mockInteractor.isActive)
    #expect(
      parent.routing == [
        .attachChild(RouterCall.Child(child)), .detachChild(RouterCall.Child(child)),
      ])
  }

  @MainActor
  @Test func detachChild_thatIsNotAttached_onlyRecords() async {
    let parent = MockSettingsRouting()
    let stranger = MockChildRouting()
    let issues = await withIssueCollector {
      await parent.detachChild(stranger)
    }
    #expect(issues.isEmpty)
    #expect(parent.routing == [.detachChild(RouterCall.Child(stranger))])
    #expect(stranger.mockInteractor.events.all.isEmpty)
  }

  @MainActor
  @Test func attachChild_twice_reportsAnIssueNamingTheChild() async {
    let parent = MockSettingsRouting()
    let child = MockChildRouting()
    let issues = await withIssueCollector {
      await parent.attachChild(child)
      await parent.attachChild(child)
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("MockChildRouting"))
    #expect(message.contains("already attached"))
    #expect(message.contains("MockSettingsRouting"))
    // Not attached, activated or loaded a second time.
    #expect(parent.children.count == 1)
    #expect(child.mockInteractor.activationCount == 1)
    #expect(child.routing == [.load])
  }

  @MainActor
  @Test func attachChild_twice_failsTheSwiftTestingTest() async {
    let parent = MockSettingsRouting()
    let child = MockChildRouting()
    await parent.attachChild(child)
    await withKnownIssue {
      await parent.attachChild(child)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("MockChildRouting is already attached") }
    }
  }

  @Test func routerCall_describesChildrenByType() {
    let child = MockChildRouting()
    #expect(
      RouterCall.attachChild(RouterCall.Child(child)).description == "attachChild(MockChildRouting)"
    )
    #expect(RouterCall.Child(child) != RouterCall.Child(MockChildRouting()))
  }

  // MARK: The Launch napkin, tested with the mock above

  @Test func launch_didBecomeActive_attachesLoggedOut() async {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    await sut.wire(router: router)
    await sut.activate()
    #expect(router.calls == [.attachLoggedOut])
  }

  @Test func launch_loggedOutDidTapLogin_callsServiceAndAttachesLoggedIn() async {
    let auth = MockAuthService()
    let user = User(name: "Smokey Joe", barbecueFoods: ["Brisket", "Ribs"])
    auth.loginResult.value = user
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.loggedOutDidTapLogin()
    #expect(auth.calls == [.login])
    #expect(router.calls == [.attachLoggedIn(user)])
  }

  @Test func launch_loginFailure_doesNotAttachLoggedIn() async {
    let auth = MockAuthService()
    auth.failingMethods = [.login]
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.loggedOutDidTapLogin()
    #expect(auth.calls.count(of: .login) == 1)
    #expect(router.calls.all.isEmpty)
  }

  @Test func launch_activatingTwice_attachesLoggedOutOnce() async {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    await sut.wire(router: router)
    await expectActivateIsIdempotent(sut) { router.calls.count(of: .attachLoggedOut) }
    #expect(router.calls == [.attachLoggedOut])
  }
}
