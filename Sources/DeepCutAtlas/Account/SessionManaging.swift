/// Persists the signed-in user between launches.
///
/// `nonisolated` so conformers can run off the main actor.
nonisolated public protocol SessionManaging: Sendable {
  /// Stores `user` as the signed-in user.
  func saveUser(_ user: User)

  /// The stored user, if one is signed in.
  func loadUser() -> User?

  /// Forgets the stored user.
  func clearUser()
}
