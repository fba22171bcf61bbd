import DeepCutAtlas
import NapkinTesting

/// A `LibraryService` whose every method can be made to fail, fail N times, or be held.
///
/// `service.calls` logs methods in order (what `failingMethods` keys on); `requests` logs the
/// same calls with their arguments. Only `let`s of `Sendable` types: no unchecked Sendable conformance.
final class MockLibraryService: LibraryService, MockService {
  let mock = MockServiceCore<MockMethod>("MockLibraryService")
  /// The arguments of every call. Not exhaustive: strict checks require `calls` to be asserted.
  let requests = CallRecorder<LibraryRequest>("MockLibraryService.requests", exhaustive: false)

  /// The recently played feed by page number; a missing page is empty and the last.
  let recentlyPlayedPages = Stub<[Int: Page<Track>]>([:], label: "recentlyPlayedPages")
  let libraryArtists = Stub<[Artist]>(label: "libraryArtists")
  let playlistContents = Stub<[Track]>(label: "playlistContents")
  let newPlaylistID = Stub<Playlist.ID>("new-playlist", label: "newPlaylistID")

  func fetchRecentlyPlayed(page: Int) async throws -> Page<Track> {
    requests.record(.fetchRecentlyPlayed(page: page))
    try await throwIfFailing(.fetchRecentlyPlayed)
    return recentlyPlayedPages.get(default: [:])[page]
      ?? Page(number: page, items: [], hasMore: false)
  }

  func fetchLibraryArtists() async throws -> [Artist] {
    requests.record(.fetchLibraryArtists)
    try await throwIfFailing(.fetchLibraryArtists)
    return try libraryArtists.get()
  }

  func fetchPlaylistContents(id: Playlist.ID) async throws -> [Track] {
    requests.record(.fetchPlaylistContents(id: id))
    try await throwIfFailing(.fetchPlaylistContents)
    return try playlistContents.get()
  }

  func createPlaylist(name: String, trackIDs: [Track.ID]) async throws -> Playlist {
    requests.record(.createPlaylist(name: name, trackIDs: trackIDs))
    try await throwIfFailing(.createPlaylist)
    return Playlist(id: try newPlaylistID.get(), name: name, trackIDs: trackIDs)
  }

  func addTracksToLibrary(_ trackIDs: [Track.ID]) async throws {
    requests.record(.addTracksToLibrary(trackIDs))
    try await throwIfFailing(.addTracksToLibrary)
  }

  func removeTracksFromPlaylist(_ trackIDs: [Track.ID], from playlistID: Playlist.ID) async throws {
    requests.record(.removeTracksFromPlaylist(trackIDs, from: playlistID))
    try await throwIfFailing(.removeTracksFromPlaylist)
  }
}
