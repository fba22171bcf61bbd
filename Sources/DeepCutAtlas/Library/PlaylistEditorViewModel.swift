public import Observation

/// Edits one playlist: shows its tracks, removes tracks, adds them to the library, or saves them
/// as a new playlist.
///
/// Reading follows the other library screens: cached tracks show at once and refresh in the
/// background, a failed first load is ``LoadState/failed(_:)``, a failed background refresh keeps
/// the tracks and shows a failure ``toast``.
///
/// Writes never lose what is on screen. Removing tracks is optimistic: they disappear at once and
/// come back, in their places, if the write fails (with a failure ``toast``) or is cancelled (with
/// none). Adding to the library and creating a playlist leave the list unchanged either way. One
/// write runs at a time; the cache only changes after a write succeeds.
///
/// Isolation: `@MainActor` (the module default).
@Observable
public final class PlaylistEditorViewModel {
  /// The playlist being edited.
  public let playlistID: Playlist.ID
  /// The state of the track list.
  public private(set) var state: LoadState = .idle
  /// The playlist's tracks, in order, including optimistic removals in flight.
  public private(set) var tracks: [Track] = []
  /// Whether a write is in flight.
  public private(set) var isSaving = false
  /// Whether a background ``refresh()`` is in flight.
  public private(set) var isRefreshing = false
  /// The playlist ``saveAsNewPlaylist(named:)`` created last.
  public private(set) var createdPlaylist: Playlist?
  /// A non-blocking message: a write's outcome or a failed background refresh.
  public private(set) var toast: Toast?

  @ObservationIgnored private let service: any LibraryService
  @ObservationIgnored private let cache: LibraryCache
  @ObservationIgnored private let libraryBatchSize: Int

  /// Creates the view model; nothing is fetched until ``load()``.
  ///
  /// - Parameter libraryBatchSize: The most tracks ``addAllToLibrary()`` sends per request; at
  ///   least 1.
  public init(
    playlistID: Playlist.ID, service: any LibraryService, cache: LibraryCache = LibraryCache(),
    libraryBatchSize: Int = 50
  ) {
    precondition(libraryBatchSize > 0, "libraryBatchSize must be at least 1")
    self.playlistID = playlistID
    self.service = service
    self.cache = cache
    self.libraryBatchSize = libraryBatchSize
  }

  /// Shows the tracks: cached ones at once (then a background refresh), or a fresh list.
  ///
  /// Does nothing while loading or once tracks show; use ``refresh()``.
  public func load() async {
    guard state != .loading, state != .loaded else { return }
    if let cached = cache.playlistContents[playlistID] {
      tracks = cached
      state = .loaded
      await refresh()
      return
    }
    let previous = state
    state = .loading
    switch await FetchOutcome.of({ try await service.fetchPlaylistContents(id: playlistID) }) {
    case .fetched(let fetched):
      tracks = fetched
      cache.playlistContents[playlistID] = fetched
      state = .loaded
    case .cancelled:
      state = previous
    case .failed(let message):
      state = .failed(message)
    }
  }

  /// Fetches the tracks again; a failure keeps those on screen and shows a failure ``toast``.
  ///
  /// Without tracks on screen, it loads like ``load()``; during a write it does nothing.
  public func refresh() async {
    guard state == .loaded else {
      await load()
      return
    }
    guard !isRefreshing, !isSaving else { return }
    isRefreshing = true
    defer { isRefreshing = false }
    switch await FetchOutcome.of({ try await service.fetchPlaylistContents(id: playlistID) }) {
    case .fetched(let fetched):
      tracks = fetched
      cache.playlistContents[playlistID] = fetched
    case .cancelled:
      break  // The tracks on screen stay as they are.
    case .failed(let message):
      toast = .failure("Couldn't refresh the playlist. " + message)
    }
  }

  /// Removes the tracks in `trackIDs` from the playlist, optimistically.
  ///
  /// The tracks leave ``tracks`` at once. If the write fails they return in their places and a
  /// failure ``toast`` shows; if it is cancelled they return without a toast. Identifiers not in
  /// the playlist are ignored; with none left, nothing is sent.
  public func removeTracks(_ trackIDs: Set<Track.ID>) async {
    guard canWrite else { return }
    let removed = tracks.filter { trackIDs.contains($0.id) }.map(\.id)
    guard !removed.isEmpty else { return }
    let before = tracks
    tracks.removeAll { trackIDs.contains($0.id) }
    isSaving = true
    defer { isSaving = false }
    do {
      try await service.removeTracksFromPlaylist(removed, from: playlistID)
      cache.playlistContents[playlistID] = tracks
      toast = .success("Removed \(Self.phrase(removed.count)).")
    } catch is CancellationError {
      tracks = before
    } catch {
      tracks = before
      toast = .failure(
        "Couldn't remove \(Self.phrase(removed.count)). " + FailureMessage.text(for: error))
    }
  }

  /// Adds every track of the playlist to the user's library, in batches.
  ///
  /// A failure stops at the failed batch and shows a failure ``toast`` saying how many tracks were
  /// added; cancellation stops between batches without a toast. The list never changes.
  public func addAllToLibrary() async {
    guard canWrite, !tracks.isEmpty else { return }
    let trackIDs = tracks.map(\.id)
    isSaving = true
    defer { isSaving = false }
    var added = 0
    do {
      for batch in trackIDs.chunked(into: libraryBatchSize) {
        try Task.checkCancellation()
        try await service.addTracksToLibrary(batch)
        added += batch.count
      }
      toast = .success("Added \(Self.phrase(added)) to your library.")
    } catch is CancellationError {
      // No toast: the user cancelled.
    } catch {
      let message = FailureMessage.text(for: error)
      toast = .failure(
        added == 0
          ? "Couldn't add tracks to your library. " + message
          : "Added \(added) of \(Self.phrase(trackIDs.count)) to your library. " + message)
    }
  }

  /// Saves the tracks on screen, in order, as a new playlist named `name`.
  ///
  /// A blank name shows a failure ``toast`` without a request. On success ``createdPlaylist`` is
  /// set; on failure a failure ``toast`` shows and ``createdPlaylist`` stays as it was.
  public func saveAsNewPlaylist(named name: String) async {
    guard canWrite else { return }
    guard !name.allSatisfy(\.isWhitespace) else {
      toast = .failure("Give the playlist a name.")
      return
    }
    let snapshot = tracks
    isSaving = true
    defer { isSaving = false }
    do {
      let playlist = try await service.createPlaylist(name: name, trackIDs: snapshot.map(\.id))
      createdPlaylist = playlist
      cache.playlistContents[playlist.id] = snapshot
      toast = .success("Created \"\(playlist.name)\".")
    } catch is CancellationError {
      // No toast: the user cancelled.
    } catch {
      toast = .failure("Couldn't create the playlist. " + FailureMessage.text(for: error))
    }
  }

  /// Hides the current ``toast``.
  public func dismissToast() {
    toast = nil
  }

  private var canWrite: Bool {
    state == .loaded && !isSaving && !isRefreshing
  }

  private static func phrase(_ count: Int) -> String {
    count == 1 ? "1 track" : "\(count) tracks"
  }
}
