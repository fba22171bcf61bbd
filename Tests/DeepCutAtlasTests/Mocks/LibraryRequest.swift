import DeepCutAtlas

/// A `LibraryService` call with its arguments, for asserting what a view model sent.
enum LibraryRequest: Equatable, Sendable {
  case fetchRecentlyPlayed(page: Int)
  case fetchLibraryArtists
  case fetchPlaylistContents(id: Playlist.ID)
  case createPlaylist(name: String, trackIDs: [Track.ID])
  case addTracksToLibrary([Track.ID])
  case removeTracksFromPlaylist([Track.ID], from: Playlist.ID)
}
