import DeepCutAtlas
import NapkinTesting
import XCTest

/// The view model's XCTest cases: every async step is awaited, so no expectation waits on a delay.
// @MainActor on purpose: in a default-MainActor project the convention is load-bearing.
@MainActor
final class UserViewModelXCTests: XCTestCase {
  private let john = User(id: 123, name: "John Doe", email: "john@example.com")

  func testUserSignedIn() async {
    await withNapkinChecks(strict: true) {
      let auth = MockAuthManaging()
      let session = MockSessionManager()
      session.saveUser(john)
      let viewModel = UserViewModel(authManager: auth, sessionManager: session)

      viewModel.loadUser()

      XCTAssertTrue(viewModel.isUserSignedIn, "User should be signed in")
      XCTAssertEqual(viewModel.user?.id, john.id, "User should match")
      XCTAssertEqual(session.calls.all, [.saveUser(john), .loadUser, .loadUser])
      XCTAssertEqual(auth.calls.count, 0)
    }
  }

  func testSignInSuccess() async {
    await withNapkinChecks(strict: true) {
      let auth = MockAuthManaging()
      let session = MockSessionManager()
      auth.signInResult.value = john
      let viewModel = UserViewModel(authManager: auth, sessionManager: session)

      await viewModel.signInTapped().value

      XCTAssertTrue(viewModel.isUserSignedIn, "User should be signed in")
      XCTAssertEqual(viewModel.user, john, "User should be present")
      XCTAssertEqual(session.calls.all, [.loadUser, .saveUser(john)])
      XCTAssertEqual(auth.calls.all, [.signIn])
    }
  }

  func testSignInFailed() async {
    await withNapkinChecks(strict: true) {
      let auth = MockAuthManaging()
      let session = MockSessionManager()
      auth.failingMethods = [.signIn]
      let viewModel = UserViewModel(authManager: auth, sessionManager: session)

      await viewModel.signIn()

      XCTAssertFalse(viewModel.isUserSignedIn, "User should not be signed in")
      XCTAssertNil(viewModel.user, "User should be nil")
      XCTAssertEqual(viewModel.signInError, "Couldn't sign in. " + FailureMessage.generic)
      XCTAssertEqual(session.calls.all, [.loadUser])
      XCTAssertEqual(auth.calls.all, [.signIn])
    }
  }

  func testSignOut() async {
    await withNapkinChecks(strict: true) {
      let auth = MockAuthManaging()
      let session = MockSessionManager()
      session.saveUser(john)
      let viewModel = UserViewModel(authManager: auth, sessionManager: session)

      await viewModel.signOut()

      XCTAssertFalse(viewModel.isUserSignedIn, "User should be signed out")
      XCTAssertNil(viewModel.user, "User should be nil")
      XCTAssertEqual(session.calls.all, [.saveUser(john), .loadUser, .clearUser])
      XCTAssertEqual(auth.calls.all, [.signOut])
    }
  }
}
