import DeepCutAtlas
import NapkinTesting
import Testing

// @MainActor on purpose: in a default-MainActor project the convention is load-bearing.
@MainActor
@Suite(.napkinChecks(strict: true))
struct UserViewModelTests {
  private func makeSUT(
    savedUser: User? = nil
  ) -> (UserViewModel, MockAuthManaging, MockSessionManager) {
    let auth = MockAuthManaging()
    let session = MockSessionManager()
    session.storedUser.value = savedUser
    let sut = UserViewModel(authManager: auth, sessionManager: session)
    expectDeallocatedAtEnd(sut)
    return (sut, auth, session)
  }

  @Test func init_withSavedUser_restoresIt() {
    let (sut, auth, session) = makeSUT(savedUser: Fixtures.john)

    #expect(sut.isUserSignedIn)
    #expect(sut.user == Fixtures.john)
    #expect(session.calls == [.loadUser])
    #expect(auth.calls.count == 0)
  }

  @Test func loadUser_afterSaving_signsIn() {
    let (sut, auth, session) = makeSUT()
    #expect(!sut.isUserSignedIn)
    session.saveUser(Fixtures.john)

    sut.loadUser()

    #expect(sut.isUserSignedIn, "User should be signed in")
    #expect(sut.user?.id == Fixtures.john.id, "User should match")
    #expect(session.calls == [.loadUser, .saveUser(Fixtures.john), .loadUser])
    #expect(auth.calls.count == 0)
  }

  @Test func signIn_success_savesAndShowsUser() async {
    let (sut, auth, session) = makeSUT()
    auth.signInResult.value = Fixtures.john

    await sut.signIn()

    #expect(sut.isUserSignedIn)
    #expect(sut.user == Fixtures.john)
    #expect(sut.signInError == nil)
    #expect(!sut.isSigningIn)
    #expect(session.calls.last == .saveUser(Fixtures.john))
    #expect(auth.calls == [.signIn])
  }

  @Test func signIn_failure_staysSignedOutAndExposesError() async {
    let (sut, auth, session) = makeSUT()
    auth.failingMethods = [.signIn]

    await sut.signIn()

    #expect(!sut.isUserSignedIn)
    #expect(sut.user == nil)
    #expect(sut.signInError == "Couldn't sign in. " + FailureMessage.generic)
    #expect(session.calls == [.loadUser])  // nothing saved
    #expect(auth.calls == [.signIn])
  }

  @Test func signIn_afterFailure_succeedsAndClearsError() async {
    let (sut, auth, session) = makeSUT()
    auth.signInResult.value = Fixtures.john
    auth.failNext(1, of: .signIn, with: LibraryError.offline)
    await sut.signIn()
    #expect(sut.signInError == "Couldn't sign in. You're offline.")

    await sut.signIn()

    #expect(sut.isUserSignedIn)
    #expect(sut.signInError == nil)
    #expect(session.calls.count(of: .saveUser(Fixtures.john)) == 1)
    #expect(auth.calls == [.signIn, .signIn])
  }

  @Test func signOut_clearsUserAndSession() async {
    let (sut, auth, session) = makeSUT(savedUser: Fixtures.john)

    await sut.signOut()

    #expect(!sut.isUserSignedIn, "User should be signed out")
    #expect(sut.user == nil, "User should be nil")
    #expect(session.storedUser.value == nil)
    #expect(session.calls == [.loadUser, .clearUser])
    #expect(auth.calls == [.signOut])
  }

  @Test func signInTapped_returnsTheTaskToAwait() async {
    let (sut, auth, session) = makeSUT()
    auth.signInResult.value = Fixtures.john

    await sut.signInTapped().value

    #expect(sut.isUserSignedIn)
    #expect(session.calls.last == .saveUser(Fixtures.john))
    #expect(auth.calls == [.signIn])
  }

  @Test func heldSignIn_showsSigningIn_andASecondTapJoinsIt() async {
    let (sut, auth, session) = makeSUT()
    auth.signInResult.value = Fixtures.john
    auth.hold(.signIn)

    let first = sut.signInTapped()
    await auth.waitUntilHeld(.signIn)
    #expect(sut.isSigningIn)
    #expect(!sut.isUserSignedIn)
    let second = sut.signInTapped()
    #expect(first == second)

    auth.release(.signIn)
    await second.value
    #expect(!sut.isSigningIn)
    #expect(sut.isUserSignedIn)
    #expect(session.calls.count == 2)
    #expect(auth.calls == [.signIn])
  }

  @Test func signOut_duringSignIn_cancelsItAndStaysSignedOut() async {
    let (sut, auth, session) = makeSUT()
    auth.signInResult.value = Fixtures.john
    auth.hold(.signIn)
    let signIn = sut.signInTapped()
    await auth.waitUntilHeld(.signIn)

    await sut.signOut()
    #expect(auth.heldCount(of: .signIn) == 0, "signOut() should cancel the held sign-in")
    if auth.heldCount(of: .signIn) > 0 { auth.release(.signIn) }  // fail, don't hang
    await signIn.value

    #expect(!sut.isUserSignedIn)
    #expect(sut.user == nil)
    #expect(sut.signInError == nil)
    #expect(session.calls == [.loadUser, .clearUser])
    #expect(auth.calls == [.signIn, .signOut])
  }

  @Test func signInFinishingAfterSignOut_isDropped() async {
    let (sut, auth, session) = makeSUT()
    auth.signInResult.value = Fixtures.john
    auth.hold(.signIn)
    let signIn = Task { await sut.signIn() }  // not signInTapped(): signOut() cannot cancel it
    await auth.waitUntilHeld(.signIn)

    await sut.signOut()
    auth.release(.signIn)
    await signIn.value

    #expect(!sut.isUserSignedIn)
    #expect(sut.user == nil)
    #expect(session.calls == [.loadUser, .clearUser])
    #expect(auth.calls == [.signIn, .signOut])
  }

  @Test func signIn_cancellationError_showsNoError() async {
    let (sut, auth, session) = makeSUT()
    auth.injectedError = CancellationError()
    auth.failingMethods = [.signIn]

    await sut.signIn()

    #expect(!sut.isUserSignedIn)
    #expect(sut.signInError == nil)
    #expect(session.calls.count == 1)
    #expect(auth.calls.count == 1)
  }
}
