public import Observation

/// The artists in the user's library.
///
/// ``load()`` shows cached artists at once and refreshes them in the background, or fetches them
/// behind a ``LoadState/loading`` state. A failed first load is ``LoadState/failed(_:)``; a failed
/// background refresh keeps the artists on screen and shows a failure ``toast``. A cancelled
/// request shows no failure and caches nothing.
///
/// Isolation: `@MainActor` (the module default).
@Observable
public final class LibraryArtistsViewModel {
  /// The state of the artist list.
  public private(set) var state: LoadState = .idle
  /// The artists on screen, in the order the service returned them.
  public private(set) var artists: [Artist] = []
  /// Whether a background ``refresh()`` is in flight.
  public private(set) var isRefreshing = false
  /// A non-blocking message, such as a failed background refresh.
  public private(set) var toast: Toast?

  @ObservationIgnored private let service: any LibraryService
  @ObservationIgnored private let cache: LibraryCache

  /// Creates the view model; nothing is fetched until ``load()``.
  public init(service: any LibraryService, cache: LibraryCache = LibraryCache()) {
    self.service = service
    self.cache = cache
  }

  /// Shows the artists: cached ones at once (then a background refresh), or a fresh list.
  ///
  /// Does nothing while loading or once artists show; use ``refresh()``.
  public func load() async {
    guard state != .loading, state != .loaded else { return }
    if let cached = cache.artists {
      artists = cached
      state = .loaded
      await refresh()
      return
    }
    let previous = state
    state = .loading
    switch await FetchOutcome.of({ try await service.fetchLibraryArtists() }) {
    case .fetched(let fetched):
      artists = fetched
      cache.artists = fetched
      state = .loaded
    case .cancelled:
      state = previous
    case .failed(let message):
      state = .failed(message)
    }
  }

  /// Fetches the artists again; a failure keeps those on screen and shows a failure ``toast``.
  ///
  /// Without artists on screen, it loads like ``load()``.
  public func refresh() async {
    guard state == .loaded else {
      await load()
      return
    }
    guard !isRefreshing else { return }
    isRefreshing = true
    defer { isRefreshing = false }
    switch await FetchOutcome.of({ try await service.fetchLibraryArtists() }) {
    case .fetched(let fetched):
      artists = fetched
      cache.artists = fetched
    case .cancelled:
      break  // The artists on screen stay as they are.
    case .failed(let message):
      toast = .failure("Couldn't refresh artists. " + message)
    }
  }

  /// Hides the current ``toast``.
  public func dismissToast() {
    toast = nil
  }
}
