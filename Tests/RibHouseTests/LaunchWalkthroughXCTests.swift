import NapkinTesting
import RibHouse
import XCTest

/// "Testing a Napkin" in XCTest: the article's test classes as one `NapkinTestCase`.
///
/// The same mocks as the Swift Testing suite, from `Mocks/`. `NapkinTestCase` runs the end-of-test
/// checks after every test method; strict mode fails a test that leaves a recorded call
/// unasserted. Awaiting a recorded call replaces `XCTestExpectation` and delays.
final class LaunchWalkthroughXCTests: NapkinTestCase {
  override var napkinChecksAreStrict: Bool { true }

  // MARK: Step 2: a leaf interactor test

  func testDidTapLogin_forwardsToListener() async {
    // Arrange
    let presenter = MockLoggedOutNapkinPresentable()
    let listener = MockLoggedOutNapkinListener()
    let sut = LoggedOutNapkinInteractor(presenter: presenter)
    await sut.wire(router: nil, listener: listener)

    // Act
    await sut.didTapLogin()

    // Assert
    XCTAssertEqual(listener.calls.all, [.loggedOutDidTapLogin])
  }

  // MARK: Step 3: an orchestrator test

  func testLoggedOutDidTapLogin_callsServiceAndAttachesLoggedIn() async {
    // Arrange
    let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
    auth.loginResult.value = .smokeyJoe
    let (sut, router) = await makeActiveLaunch(auth: auth)

    // Act
    await sut.loggedOutDidTapLogin()

    // Assert: one login; after activation's LoggedOut attach, exactly one LoggedIn attach.
    XCTAssertEqual(auth.calls.all, [.login])
    XCTAssertEqual(router.calls.all, [.attachLoggedOut, .attachLoggedIn(user: .smokeyJoe)])
    await sut.deactivate()
  }

  func testLoggedOutDidTapLogin_onLoginFailure_doesNotAttachLoggedIn() async {
    // Arrange
    let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
    auth.failingMethods = [.login]
    let (sut, router) = await makeActiveLaunch(auth: auth)

    // Act
    await sut.loggedOutDidTapLogin()

    // Assert: still logged out, and the failure is shown on the login screen.
    XCTAssertEqual(auth.calls.all, [.login])
    XCTAssertEqual(
      router.calls.all, [.attachLoggedOut, .presentLoginFailure(message: "\(SimulatedError())")])
    await sut.deactivate()
  }

  // MARK: Step 4: testing lifecycle

  func testActivate_attachesLoggedOut() async {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(
      authService: MockAuthServicing(userStreamFeed: MockStream(replaying: nil)))
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router, listener: nil)

    await sut.activate()

    await router.calls.waitForCall(.attachLoggedOut)
    XCTAssertEqual(router.calls.all, [.attachLoggedOut])
    await sut.deactivate()
  }

  // MARK: Experiment: activating twice

  func testActivateTwice_attachesLoggedOutOnce() async {
    let auth = MockAuthServicing(userStreamFeed: MockStream(replaying: nil))
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router, listener: nil)

    await expectActivateIsIdempotent(sut) {
      await settle(sut)
      return router.calls.all
    }

    XCTAssertEqual(router.calls.all, [.attachLoggedOut])
    // Measured too, since routing is deduplicated: one user-stream subscription, not two.
    XCTAssertEqual(auth.userStreamFeed.subscriberCount, 1)
    await sut.deactivate()
  }

  // MARK: Helpers

  /// An activated Launch interactor on `auth` and a mock router, past activation's LoggedOut
  /// attach and settled; checked for bound tasks at the end of the test.
  private func makeActiveLaunch(
    auth: MockAuthServicing, file: StaticString = #filePath, line: UInt = #line
  ) async -> (LaunchNapkinInteractor, MockLaunchNapkinRouting) {
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router, listener: nil)
    await sut.activate()
    await router.calls.waitForCall(.attachLoggedOut, filePath: file, line: line)
    await settle(sut, filePath: file, line: line)
    return (sut, router)
  }
}
