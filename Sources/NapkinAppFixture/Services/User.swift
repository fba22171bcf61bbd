/// A signed-in user.
public struct User: Equatable, Sendable, Codable {
  /// The user's name.
  public let name: String
  /// Creates a user named `name`.
  public init(name: String) { self.name = name }
}
