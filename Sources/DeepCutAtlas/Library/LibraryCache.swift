/// The library content last fetched successfully, shared by the library view models.
///
/// View models show cached content at once and refresh it in the background; a failed or
/// cancelled request never writes here, so the cache only ever holds complete responses. It
/// keeps the first page of the recently played feed, the artists and each playlist's tracks.
///
/// Isolation: `@MainActor`, like the view models that share it (the module default).
public final class LibraryCache {
  /// The first page of the recently played feed.
  public var recentlyPlayed: Page<Track>?
  /// The artists in the user's library.
  public var artists: [Artist]?
  /// The tracks of each playlist, by playlist identifier.
  public var playlistContents: [Playlist.ID: [Track]] = [:]

  /// Creates an empty cache.
  public init() {}
}
