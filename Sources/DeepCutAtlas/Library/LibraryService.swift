/// The music-library backend the library view models talk to.
///
/// `nonisolated` so conformers (a network client, a test mock) can run off the main actor; in
/// this default-MainActor module the protocol would otherwise be `@MainActor`.
nonisolated public protocol LibraryService: Sendable {
  /// Fetches one page of the recently played feed; pages are numbered from 1.
  func fetchRecentlyPlayed(page: Int) async throws -> Page<Track>

  /// Fetches every artist in the user's library.
  func fetchLibraryArtists() async throws -> [Artist]

  /// Fetches the tracks of a playlist, in order.
  func fetchPlaylistContents(id: Playlist.ID) async throws -> [Track]

  /// Creates a playlist holding `trackIDs`, in order, and returns it.
  func createPlaylist(name: String, trackIDs: [Track.ID]) async throws -> Playlist

  /// Adds tracks to the user's library.
  func addTracksToLibrary(_ trackIDs: [Track.ID]) async throws

  /// Removes tracks from a playlist.
  func removeTracksFromPlaylist(_ trackIDs: [Track.ID], from playlistID: Playlist.ID) async throws
}
