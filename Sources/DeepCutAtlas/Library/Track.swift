/// A track in the user's music library.
///
/// `nonisolated` so it is usable off the main actor: in this default-MainActor module every type
/// is `@MainActor` unless it says otherwise.
nonisolated public struct Track: Identifiable, Hashable, Sendable {
  /// The track's stable identifier.
  public let id: String
  /// The track's title.
  public let title: String
  /// The name of the performing artist.
  public let artistName: String

  /// Creates a track.
  public init(id: String, title: String, artistName: String) {
    self.id = id
    self.title = title
    self.artistName = artistName
  }
}
