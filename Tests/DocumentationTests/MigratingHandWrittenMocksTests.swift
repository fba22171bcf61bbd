// The code of Docs/NapkinTesting.docc/MigratingHandWrittenMocks.md: the hand-written tests of
// "Testing a Napkin" and "Writing Unit Tests for a ViewModel", migrated while staying on XCTest.
// The migrated mocks are those of TestingANapkinTests.swift and AwaitingAsynchronousWorkTests.swift.

import NapkinTesting
import XCTest

nonisolated final class LaunchNapkinInteractorMigratedTests: NapkinTestCase {
  override var napkinChecksAreStrict: Bool { true }

  @MainActor func testLoggedOutDidTapLogin_callsServiceAndAttachesLoggedIn() async {
    // Arrange
    let auth = MockAuthService()
    let user = User(name: "Smokey Joe", barbecueFoods: ["Brisket", "Ribs"])
    auth.loginResult.value = user
    let router = MockLaunchRouter()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.activate()

    // Act
    await sut.loggedOutDidTapLogin()

    // Assert
    await router.calls.waitForCalls(count: 2)
    XCTAssertEqual(router.calls.all, [.attachLoggedOut, .attachLoggedIn(user)])
    XCTAssertEqual(auth.calls.all, [.login])
  }

  @MainActor func testLoggedOutDidTapLogin_onLoginFailure_doesNotAttachLoggedIn() async {
    // Arrange
    let auth = MockAuthService()
    auth.failingMethods = [.login]
    let router = MockLaunchRouter()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.activate()

    // Act
    await sut.loggedOutDidTapLogin()

    // Assert
    await router.calls.waitForCall(.showLoginFailure("Could not log in. Try again."))
    XCTAssertEqual(
      router.calls.all, [.attachLoggedOut, .showLoginFailure("Could not log in. Try again.")])
    XCTAssertEqual(auth.calls.all, [.login])
  }
}

nonisolated final class AccountNapkinInteractorMigratedTests: NapkinTestCase {
  let john = Profile(id: 123, name: "John Doe", email: "john@example.com")

  func testSignInSuccess() async {
    let auth = MockAuthManager()
    auth.signInResult.value = john
    let presenter = MockAccountPresenter()
    let sut = AccountNapkinInteractor(
      presenter: presenter, auth: auth, session: MockSessionManager())
    await sut.activate()
    await presenter.calls.waitForCall(.presentSignedOut)
    await settle(sut)

    await sut.didTapSignIn()

    await presenter.calls.waitForCall(.presentSignedIn(john))
    XCTAssertEqual(presenter.calls.all, [.presentSignedOut, .presentSignedIn(john)])
  }

  func testSignInFailed() async {
    let auth = MockAuthManager()
    auth.failingMethods = [.signIn]
    let presenter = MockAccountPresenter()
    let sut = AccountNapkinInteractor(
      presenter: presenter, auth: auth, session: MockSessionManager())
    await sut.activate()
    await presenter.calls.waitForCall(.presentSignedOut)
    await settle(sut)

    await sut.didTapSignIn()

    await presenter.calls.waitForCall(.presentSignInFailed)
    XCTAssertEqual(presenter.calls.all, [.presentSignedOut, .presentSignInFailed])
  }
}
