import DeepCutAtlas
import NapkinTesting
import Testing

/// Sign-in explored: two sign-ins and a sign-out in every order, every sign-in answered with
/// success, failure and cancellation. The invariants are `UserViewModel`'s documented promises.
@MainActor
@Suite struct SignInExplorationTests {
  /// Two sign-ins and a sign-out, each sign-in answered with each of `outcomes`; `invariants`
  /// adds what must hold at every settled point.
  nonisolated static func signInsAndSignOut(
    outcomes: [ExploredAnswer],
    invariants: @escaping @Sendable (Scenario, UserViewModel, MockAuthManaging) -> Void
  ) -> @Sendable (Scenario) async -> Void {
    { scenario in
      let auth = MockAuthManaging()
      auth.signInResult.value = Fixtures.john
      let session = MockSessionManager()
      let vm = await UserViewModel(authManager: auth, sessionManager: session)
      scenario.answers(auth, .signIn, with: outcomes)
      scenario.action("signIn") { await vm.signIn() }
      scenario.action("signIn") { await vm.signIn() }
      scenario.action("signOut") { await vm.signOut() }
      invariants(scenario, vm, auth)
      scenario.expect("every call read") {
        _ = auth.calls.count
        _ = session.calls.count
        return true
      }
    }
  }

  @Test func signIn_withEveryOutcome_keepsItsPromisesInEveryOrder() async {
    let report = await explore(
      strategy: .exhaustive(),
      Self.signInsAndSignOut(outcomes: [
        .success, .failure(LibraryError.offline), .cancellation,
      ]) { scenario, vm, auth in
        // "Does nothing while another sign-in is in flight."
        scenario.invariant("signing in exactly while a sign-in request is held") {
          let held = auth.heldCount(of: .signIn) > 0
          return await vm.isSigningIn == held
        }
        scenario.invariant("signed in exactly while there is a user") {
          await MainActor.run { vm.isUserSignedIn == (vm.user != nil) }
        }
      })
    #expect(report.isExhaustive, "\(report)")
  }

  @Test func cancelledSignIn_showsNoFailure_inAnyOrder() async {
    let report = await explore(
      strategy: .exhaustive(),
      Self.signInsAndSignOut(outcomes: [.success, .cancellation]) { scenario, vm, _ in
        scenario.invariant("no failure message") { await vm.signInError == nil }
      })
    #expect(report.isExhaustive, "\(report)")
  }
}
