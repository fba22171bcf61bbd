public import Observation

/// The paginated "recently played" feed.
///
/// - ``load()`` shows cached content at once and refreshes it in the background, or fetches the
///   first page behind a ``LoadState/loading`` state; a failure then is ``LoadState/failed(_:)``.
/// - ``loadMore()`` appends the next page. If it fails, the visible list stays, ``hasMore``
///   becomes `false` so pagination ends quietly, the state stays ``LoadState/loaded``, and
///   ``retryLoadMore()`` requests the same page again.
/// - ``refresh()`` replaces the list with a fresh first page. If it fails while content shows,
///   the content stays and a failure ``toast`` appears.
/// - A cancelled request (a `CancellationError`, or a cancelled task) shows no failure, appends
///   nothing and caches nothing.
///
/// Isolation: `@MainActor` (the module default).
@Observable
public final class RecentlyPlayedViewModel {
  /// The state of the first page.
  public private(set) var state: LoadState = .idle
  /// The tracks loaded so far, in feed order.
  public private(set) var items: [Track] = []
  /// Whether ``loadMore()`` has another page to fetch.
  public private(set) var hasMore = false
  /// Whether a ``loadMore()`` request is in flight.
  public private(set) var isLoadingMore = false
  /// Whether the last ``loadMore()`` failed; ``retryLoadMore()`` tries the same page again.
  public private(set) var loadMoreFailed = false
  /// Whether a background ``refresh()`` is in flight.
  public private(set) var isRefreshing = false
  /// A non-blocking message, such as a failed background refresh.
  public private(set) var toast: Toast?

  @ObservationIgnored private let service: any LibraryService
  @ObservationIgnored private let cache: LibraryCache
  @ObservationIgnored private var lastPage = 0
  /// Bumped when the list is replaced, so a page requested for the old list is dropped.
  @ObservationIgnored private var generation = 0

  /// Creates the view model; nothing is fetched until ``load()``.
  public init(service: any LibraryService, cache: LibraryCache = LibraryCache()) {
    self.service = service
    self.cache = cache
  }

  /// Shows the feed: cached content at once (then a background refresh), or the first page.
  ///
  /// Does nothing while the first page is loading or once content shows; use ``refresh()``.
  public func load() async {
    guard state != .loading, state != .loaded else { return }
    if let cached = cache.recentlyPlayed {
      show(firstPage: cached)
      await refresh()
      return
    }
    let previous = state
    state = .loading
    switch await FetchOutcome.of({ try await service.fetchRecentlyPlayed(page: 1) }) {
    case .fetched(let page):
      show(firstPage: page)
      cache.recentlyPlayed = page
    case .cancelled:
      state = previous
    case .failed(let message):
      state = .failed(message)
    }
  }

  /// Appends the next page, if there is one and no other page is loading.
  public func loadMore() async {
    guard state == .loaded, hasMore, !isLoadingMore else { return }
    isLoadingMore = true
    defer { isLoadingMore = false }
    let requested = lastPage + 1
    let list = generation
    do {
      let page = try await service.fetchRecentlyPlayed(page: requested)
      try Task.checkCancellation()
      guard list == generation else { return }
      items += page.items
      hasMore = page.hasMore
      lastPage = requested
      loadMoreFailed = false
    } catch is CancellationError {
      // Nothing appended; the same page can be requested again.
    } catch {
      guard list == generation else { return }
      hasMore = false
      loadMoreFailed = true
    }
  }

  /// Requests the page whose ``loadMore()`` failed once more.
  public func retryLoadMore() async {
    guard loadMoreFailed, !isLoadingMore else { return }
    hasMore = true
    loadMoreFailed = false
    await loadMore()
  }

  /// Replaces the list with a fresh first page.
  ///
  /// With content showing, this is a background refresh: a failure keeps the content and shows a
  /// failure ``toast``. Without content, it loads like ``load()``.
  public func refresh() async {
    guard state == .loaded else {
      await load()
      return
    }
    guard !isRefreshing else { return }
    isRefreshing = true
    defer { isRefreshing = false }
    switch await FetchOutcome.of({ try await service.fetchRecentlyPlayed(page: 1) }) {
    case .fetched(let page):
      show(firstPage: page)
      cache.recentlyPlayed = page
    case .cancelled:
      break  // The content on screen stays as it is.
    case .failed(let message):
      toast = .failure("Couldn't refresh. " + message)
    }
  }

  /// Hides the current ``toast``.
  public func dismissToast() {
    toast = nil
  }

  private func show(firstPage page: Page<Track>) {
    generation += 1
    items = page.items
    hasMore = page.hasMore
    lastPage = page.number
    loadMoreFailed = false
    state = .loaded
  }
}
