/// A signed-in user.
nonisolated public struct User: Identifiable, Hashable, Sendable {
  /// The user's account number.
  public let id: Int
  /// The user's display name.
  public let name: String
  /// The user's email address.
  public let email: String

  /// Creates a user.
  public init(id: Int, name: String, email: String) {
    self.id = id
    self.name = name
    self.email = email
  }
}
