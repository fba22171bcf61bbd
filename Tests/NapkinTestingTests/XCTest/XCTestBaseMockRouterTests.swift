import NapkinTesting
import XCTest

private final class MockChildRouting: BaseMockRouter<Never> {}

/// The Launch napkin's XCTest cases, written with the toolkit's mocks.
@MainActor
final class XCTestBaseMockRouterTests: XCTestCase {
  func testLoggedOutDidTapLogin_callsServiceAndAttachesLoggedIn() async {
    let auth = MockAuthService()
    let user = User(name: "Smokey Joe", barbecueFoods: ["Brisket", "Ribs"])
    auth.loginResult.value = user
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)

    await sut.loggedOutDidTapLogin()

    XCTAssertEqual(auth.calls.count(of: .login), 1)
    XCTAssertEqual(router.calls.all, [.attachLoggedIn(user)])
  }

  func testLoggedOutDidTapLogin_onLoginFailure_doesNotAttachLoggedIn() async {
    let auth = MockAuthService()
    auth.failingMethods = [.login]
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)

    await sut.loggedOutDidTapLogin()

    XCTAssertEqual(auth.calls.count(of: .login), 1)
    XCTAssertTrue(router.calls.all.isEmpty)
  }

  func testDidBecomeActive_attachesLoggedOutOnce() async {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    await sut.wire(router: router)
    let holds = await expectActivateIsIdempotent(sut) { router.calls.count }
    XCTAssertTrue(holds)
    XCTAssertEqual(router.calls.all, [.attachLoggedOut])
  }

  func testAttachAndDetachChild() async {
    let router = MockLaunchNapkinRouting()
    let child = MockChildRouting()
    await router.attachChild(child)
    XCTAssertEqual(router.children.count, 1)
    XCTAssertEqual(child.mockInteractor.activationCount, 1)
    XCTAssertEqual(child.routing.all, [.load])
    await router.detachChild(child)
    XCTAssertTrue(router.children.isEmpty)
    XCTAssertEqual(child.mockInteractor.deactivationCount, 1)
  }

  func testAttachChildTwice_isCollectedNotACrash() async {
    let router = MockLaunchNapkinRouting()
    let child = MockChildRouting()
    let issues = await withIssueCollector {
      await router.attachChild(child)
      await router.attachChild(child)
    }
    XCTAssertEqual(issues.count, 1)
    XCTAssertTrue(issues.first?.message.contains("MockChildRouting is already attached") ?? false)
  }
}
