import DeepCutAtlas
import NapkinTesting
import Testing

/// A failure type of the test's own that brings its own message.
private struct StorefrontUnavailable: DisplayableError {
  var displayMessage: String { "The store is closed for maintenance." }
}

// @MainActor on purpose: in a default-MainActor project the convention is load-bearing.
@MainActor
@Suite(.napkinChecks(strict: true))
struct RecentlyPlayedViewModelTests {
  private let page1 = Fixtures.feed(pages: 3)[1]!

  private func makeSUT(
    pages: Int = 3, cache: LibraryCache = LibraryCache()
  ) -> (RecentlyPlayedViewModel, MockLibraryService) {
    let service = MockLibraryService()
    service.recentlyPlayedPages.value = Fixtures.feed(pages: pages)
    return (RecentlyPlayedViewModel(service: service, cache: cache), service)
  }

  // MARK: Happy paths

  @Test func load_showsFirstPageAndCachesIt() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)

    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(sut.hasMore)
    #expect(sut.toast == nil)
    #expect(cache.recentlyPlayed == page1)
    #expect(service.calls == [.fetchRecentlyPlayed])
    #expect(service.requests == [.fetchRecentlyPlayed(page: 1)])
  }

  @Test func loadMore_appendsPagesUntilTheLastOne() async {
    let (sut, service) = makeSUT(pages: 3)
    await sut.load()

    await sut.loadMore()
    await sut.loadMore()
    await sut.loadMore()  // no page 4: no request

    #expect(sut.items == Fixtures.feedTracks(throughPage: 3))
    #expect(!sut.hasMore)
    #expect(service.calls.count == 3)
    #expect(service.requests.all.map(\.page) == [1, 2, 3])
  }

  @Test func load_twice_fetchesOnce() async {
    let (sut, service) = makeSUT()

    await sut.load()
    await sut.load()

    #expect(sut.state == .loaded)
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  @Test func refresh_replacesTheListWithAFreshFirstPage() async {
    let (sut, service) = makeSUT()
    await sut.load()
    await sut.loadMore()
    let fresh = Page(number: 1, items: Fixtures.tracks(90...91), hasMore: true)
    service.recentlyPlayedPages.value?[1] = fresh

    await sut.refresh()

    #expect(sut.items == fresh.items)
    #expect(sut.hasMore)
    #expect(!sut.isRefreshing)
    #expect(service.requests.all.map(\.page) == [1, 2, 1])
    #expect(service.calls.count == 3)
  }

  @Test func load_withCachedPage_showsItThenRefreshesInTheBackground() async {
    let cache = LibraryCache()
    let stale = Page(number: 1, items: Fixtures.tracks(50...50), hasMore: false)
    cache.recentlyPlayed = stale
    let (sut, service) = makeSUT(cache: cache)

    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(cache.recentlyPlayed == page1)
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  @Test func heldLoad_showsLoadingWhileInFlight() async {
    let (sut, service) = makeSUT()
    service.hold(.fetchRecentlyPlayed)

    let load = Task { await sut.load() }
    await service.waitUntilHeld(.fetchRecentlyPlayed)
    #expect(sut.state == .loading)
    #expect(sut.items.isEmpty)

    service.release(.fetchRecentlyPlayed)
    await load.value
    #expect(sut.state == .loaded)
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  // MARK: First page fails

  @Test func load_failure_showsFailedStateWithGenericMessage() async {
    let (sut, service) = makeSUT()
    service.failingMethods = [.fetchRecentlyPlayed]

    await sut.load()

    #expect(sut.state == .failed(FailureMessage.generic))
    #expect(sut.items.isEmpty)
    #expect(!sut.hasMore)
    #expect(sut.toast == nil)
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  @Test func load_failure_cachesNothing() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)
    service.failingMethods = [.fetchRecentlyPlayed]

    await sut.load()

    #expect(cache.recentlyPlayed == nil)
    #expect(service.calls.count == 1)
  }

  @Test func load_afterFailure_retrySucceeds() async {
    let (sut, service) = makeSUT()
    service.failNext(1, of: .fetchRecentlyPlayed)

    await sut.load()
    #expect(sut.state == .failed(FailureMessage.generic))
    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(service.calls == [.fetchRecentlyPlayed, .fetchRecentlyPlayed])
  }

  @Test(
    arguments: [
      (LibraryError.offline, "You're offline."),
      (.unauthorized, "Your session expired. Sign in again."),
      (.notFound, "That item no longer exists."),
      (.rateLimited(retryAfterSeconds: 30), "Too many requests. Try again in 30 s."),
      (.server(status: 503), "The server had a problem (503)."),
    ])
  func load_libraryError_showsItsMessage(error: LibraryError, message: String) async {
    let (sut, service) = makeSUT()
    service.fail(.fetchRecentlyPlayed, with: error)

    await sut.load()

    #expect(sut.state == .failed(message))
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  @Test func load_customDisplayableError_showsItsOwnMessage() async {
    let (sut, service) = makeSUT()
    service.fail(.fetchRecentlyPlayed, with: StorefrontUnavailable())

    await sut.load()

    #expect(sut.state.failureMessage == "The store is closed for maintenance.")
    #expect(service.calls.count == 1)
  }

  @Test func refresh_beforeAnyContent_failureShowsFailedStateNotAToast() async {
    let (sut, service) = makeSUT()
    service.failingMethods = [.fetchRecentlyPlayed]

    await sut.refresh()

    #expect(sut.state == .failed(FailureMessage.generic))
    #expect(sut.toast == nil)
    #expect(service.calls.count == 1)
  }

  @Test func heldLoad_failureInjectedWhileInFlight_showsFailedState() async {
    let (sut, service) = makeSUT()
    service.hold(.fetchRecentlyPlayed)
    let load = Task { await sut.load() }
    await service.waitUntilHeld(.fetchRecentlyPlayed)

    service.fail(.fetchRecentlyPlayed, with: LibraryError.offline)
    service.release(.fetchRecentlyPlayed)
    await load.value

    #expect(sut.state == .failed("You're offline."))
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  // MARK: A later page fails

  @Test func loadMore_failure_keepsVisibleListAndEndsPaginationQuietly() async {
    let (sut, service) = makeSUT()
    await sut.load()  // first page: fine
    service.failingMethods = [.fetchRecentlyPlayed]  // now the network "dies"

    await sut.loadMore()

    #expect(sut.state == .loaded)  // the visible list survives
    #expect(!sut.hasMore)  // pagination ends quietly
    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(sut.loadMoreFailed)
    #expect(sut.toast == nil)
    #expect(service.requests.all.map(\.page) == [1, 2])
    #expect(service.calls.count == 2)
  }

  @Test func loadMore_afterAPageFailed_sendsNoRequest() async {
    let (sut, service) = makeSUT()
    await sut.load()
    service.failingMethods = [.fetchRecentlyPlayed]
    await sut.loadMore()

    await sut.loadMore()

    #expect(service.calls.count == 2)
  }

  @Test func failNextOnce_pageTwoFails_retryLoadsItThenPageThreeSucceeds() async {
    let (sut, service) = makeSUT(pages: 3)
    await sut.load()
    service.failNext(1, of: .fetchRecentlyPlayed)

    await sut.loadMore()  // page 2 fails
    #expect(sut.loadMoreFailed)
    #expect(!sut.hasMore)
    await sut.retryLoadMore()  // page 2 again: succeeds
    await sut.loadMore()  // page 3 succeeds

    #expect(sut.items == Fixtures.feedTracks(throughPage: 3))
    #expect(!sut.loadMoreFailed)
    #expect(!sut.hasMore)
    #expect(sut.state == .loaded)
    #expect(service.upcomingFailures(of: .fetchRecentlyPlayed) == 0)
    #expect(service.requests.all.map(\.page) == [1, 2, 2, 3])
    #expect(service.calls.count == 4)
  }

  @Test func retryLoadMore_failingAgain_keepsListAndStaysEnded() async {
    let (sut, service) = makeSUT()
    await sut.load()
    service.failingMethods = [.fetchRecentlyPlayed]
    await sut.loadMore()

    await sut.retryLoadMore()

    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(!sut.hasMore)
    #expect(sut.loadMoreFailed)
    #expect(sut.state == .loaded)
    #expect(service.requests.all.map(\.page) == [1, 2, 2])
    #expect(service.calls.count == 3)
  }

  @Test func refreshWhilePageInFlight_dropsTheStalePage() async {
    let (sut, service) = makeSUT()
    await sut.load()
    service.hold(.fetchRecentlyPlayed)
    let loadMore = Task { await sut.loadMore() }
    let refresh = Task { await sut.refresh() }
    await service.waitUntilHeld(.fetchRecentlyPlayed, count: 2)

    service.release(.fetchRecentlyPlayed)
    await loadMore.value
    await refresh.value

    // Whichever response lands first, the list ends as the fresh first page.
    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(sut.hasMore)
    #expect(service.calls.count == 3)
  }

  // MARK: Background refresh fails

  @Test func refresh_failure_keepsContentAndShowsToast() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)
    await sut.load()
    await sut.loadMore()
    service.fail(.fetchRecentlyPlayed, with: LibraryError.offline)

    await sut.refresh()

    #expect(sut.state == .loaded)
    #expect(sut.items == Fixtures.feedTracks(throughPage: 2))
    #expect(sut.hasMore)
    #expect(sut.toast == .failure("Couldn't refresh. You're offline."))
    #expect(cache.recentlyPlayed == page1)
    #expect(service.calls.count == 3)
  }

  @Test func load_withCache_backgroundRefreshFailure_keepsCachedContent() async {
    let cache = LibraryCache()
    let cached = Page(number: 1, items: Fixtures.tracks(50...51), hasMore: true)
    cache.recentlyPlayed = cached
    let (sut, service) = makeSUT(cache: cache)
    service.failingMethods = [.fetchRecentlyPlayed]

    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.items == cached.items)
    #expect(sut.toast == .failure("Couldn't refresh. " + FailureMessage.generic))
    #expect(cache.recentlyPlayed == cached)
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  @Test func dismissToast_afterFailedRefresh_hidesIt() async {
    let (sut, service) = makeSUT()
    await sut.load()
    service.failingMethods = [.fetchRecentlyPlayed]
    await sut.refresh()
    #expect(sut.toast?.style == .failure)

    sut.dismissToast()

    #expect(sut.toast == nil)
    #expect(service.calls.count == 2)
  }

  // MARK: Cancellation

  @Test func load_cancellationError_showsNoFailureAndCachesNothing() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)
    service.injectedError = CancellationError()
    service.failingMethods = [.fetchRecentlyPlayed]

    await sut.load()

    #expect(sut.state == .idle)
    #expect(sut.items.isEmpty)
    #expect(sut.toast == nil)
    #expect(cache.recentlyPlayed == nil)
    #expect(service.calls == [.fetchRecentlyPlayed])
  }

  @Test func loadMore_cancellationError_appendsNothingAndKeepsPagination() async {
    let (sut, service) = makeSUT()
    await sut.load()
    service.injectedError = CancellationError()
    service.failNext(1, of: .fetchRecentlyPlayed)

    await sut.loadMore()
    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(sut.hasMore)
    #expect(!sut.loadMoreFailed)
    #expect(sut.state == .loaded)
    await sut.loadMore()  // the same page, now answered

    #expect(sut.items == Fixtures.feedTracks(throughPage: 2))
    #expect(service.requests.all.map(\.page) == [1, 2, 2])
    #expect(service.calls.count == 3)
  }

  @Test func refresh_cancellationError_keepsContentWithoutToast() async {
    let (sut, service) = makeSUT()
    await sut.load()
    service.injectedError = CancellationError()
    service.failingMethods = [.fetchRecentlyPlayed]

    await sut.refresh()

    #expect(sut.items == Fixtures.feedTracks(throughPage: 1))
    #expect(sut.toast == nil)
    #expect(sut.state == .loaded)
    #expect(service.calls.count == 2)
  }

  @Test func heldLoad_cancelled_leavesNoFailureAndCachesNothing() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)
    service.hold(.fetchRecentlyPlayed)
    let load = Task { await sut.load() }
    await service.waitUntilHeld(.fetchRecentlyPlayed)
    #expect(sut.state == .loading)

    load.cancel()
    await load.value

    #expect(sut.state == .idle)
    #expect(sut.items.isEmpty)
    #expect(cache.recentlyPlayed == nil)
    #expect(service.calls == [.fetchRecentlyPlayed])
  }
}

extension LibraryRequest {
  /// The page of a `fetchRecentlyPlayed` request, `nil` for other requests.
  fileprivate var page: Int? {
    if case .fetchRecentlyPlayed(let page) = self { return page }
    return nil
  }
}
