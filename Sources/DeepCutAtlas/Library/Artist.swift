/// An artist with at least one track in the user's library.
nonisolated public struct Artist: Identifiable, Hashable, Sendable {
  /// The artist's stable identifier.
  public let id: String
  /// The artist's display name.
  public let name: String

  /// Creates an artist.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
