/// Signs the user in and out with the account backend.
///
/// `nonisolated` so conformers can run off the main actor.
nonisolated public protocol AuthManaging: Sendable {
  /// Signs the user in and returns them; throws if sign-in fails.
  func signIn() async throws -> User

  /// Ends the user's session with the backend.
  func signOut() async
}
