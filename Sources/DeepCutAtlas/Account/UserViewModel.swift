public import Observation

/// The signed-in state of the app: who is signed in, and the sign-in and sign-out actions.
///
/// ``signIn()`` is `async`: a test (or a caller in a task) awaits it, with no delays. A button
/// calls ``signInTapped()``, which starts sign-in in a task and returns that task, so its caller
/// can await it too. A failed sign-in keeps the user signed out and sets ``signInError``; a
/// cancelled one (or one that finishes after ``signOut()``) changes nothing.
///
/// Isolation: `@MainActor` (the module default).
@Observable
public final class UserViewModel {
  /// Whether a user is signed in.
  public private(set) var isUserSignedIn = false
  /// The signed-in user.
  public private(set) var user: User?
  /// Whether a sign-in is in flight.
  public private(set) var isSigningIn = false
  /// The message of the last failed sign-in, cleared when a new one starts.
  public private(set) var signInError: String?

  @ObservationIgnored private let authManager: any AuthManaging
  @ObservationIgnored private let sessionManager: any SessionManaging
  @ObservationIgnored private var signInTask: Task<Void, Never>?
  @ObservationIgnored private var tappedSignIns = 0
  /// Bumped by ``signOut()``, so a sign-in that started before it is dropped.
  @ObservationIgnored private var session = 0

  /// Creates the view model and restores a saved user, as ``loadUser()`` does.
  public init(authManager: any AuthManaging, sessionManager: any SessionManaging) {
    self.authManager = authManager
    self.sessionManager = sessionManager
    loadUser()
  }

  /// Restores the user the session manager saved, if any; otherwise changes nothing.
  public func loadUser() {
    guard let saved = sessionManager.loadUser() else { return }
    user = saved
    isUserSignedIn = true
  }

  /// Signs in, saves the user and shows them; on failure stays signed out with ``signInError``.
  ///
  /// Does nothing while another sign-in is in flight.
  public func signIn() async {
    guard !isSigningIn else { return }
    isSigningIn = true
    signInError = nil
    defer { isSigningIn = false }
    let started = session
    do {
      let signedIn = try await authManager.signIn()
      try Task.checkCancellation()
      guard started == session else { return }
      sessionManager.saveUser(signedIn)
      user = signedIn
      isUserSignedIn = true
    } catch is CancellationError {
      // Cancelled: nothing changes.
    } catch {
      guard started == session else { return }
      signInError = "Couldn't sign in. " + FailureMessage.text(for: error)
    }
  }

  /// Starts ``signIn()`` for a button and returns its task; await `.value` to wait for the end.
  ///
  /// While a sign-in started here is in flight, returns that task instead of starting another.
  @discardableResult
  public func signInTapped() -> Task<Void, Never> {
    if let signInTask { return signInTask }
    tappedSignIns += 1
    let tap = tappedSignIns
    let task = Task {
      await self.signIn()
      if self.tappedSignIns == tap { self.signInTask = nil }
    }
    signInTask = task
    return task
  }

  /// Signs out: cancels a sign-in started by ``signInTapped()``, forgets the user at once, then
  /// ends the session with the backend.
  public func signOut() async {
    session += 1
    signInTask?.cancel()
    signInTask = nil
    sessionManager.clearUser()
    user = nil
    isUserSignedIn = false
    signInError = nil
    await authManager.signOut()
  }
}
