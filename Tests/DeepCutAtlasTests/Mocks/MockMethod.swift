/// The methods of `LibraryService`, the keys of `MockLibraryService`'s failure injection.
enum MockMethod: Hashable, Sendable {
  case fetchRecentlyPlayed, fetchLibraryArtists, fetchPlaylistContents
  case createPlaylist, addTracksToLibrary, removeTracksFromPlaylist
}
