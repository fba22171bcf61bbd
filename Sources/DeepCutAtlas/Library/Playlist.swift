/// A user playlist: a name and an ordered list of tracks.
nonisolated public struct Playlist: Identifiable, Hashable, Sendable {
  /// The playlist's stable identifier.
  public let id: String
  /// The playlist's name.
  public let name: String
  /// The identifiers of its tracks, in order.
  public let trackIDs: [Track.ID]

  /// Creates a playlist.
  public init(id: String, name: String, trackIDs: [Track.ID]) {
    self.id = id
    self.name = name
    self.trackIDs = trackIDs
  }
}
