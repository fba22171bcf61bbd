import DeepCutAtlas
import NapkinTesting
import Testing

// @MainActor on purpose: in a default-MainActor project the convention is load-bearing.
@MainActor
@Suite(.napkinChecks(strict: true))
struct LibraryArtistsViewModelTests {
  private func makeSUT(
    cache: LibraryCache = LibraryCache()
  ) -> (LibraryArtistsViewModel, MockLibraryService) {
    let service = MockLibraryService()
    service.libraryArtists.value = Fixtures.artists
    return (LibraryArtistsViewModel(service: service, cache: cache), service)
  }

  // MARK: Happy paths

  @Test func load_showsArtistsAndCachesThem() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)

    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.artists == Fixtures.artists)
    #expect(cache.artists == Fixtures.artists)
    #expect(service.calls == [.fetchLibraryArtists])
  }

  @Test func refresh_replacesArtists() async {
    let (sut, service) = makeSUT()
    await sut.load()
    let fresh = [Artist(id: "ar-9", name: "Pram")]
    service.libraryArtists.value = fresh

    await sut.refresh()

    #expect(sut.artists == fresh)
    #expect(sut.toast == nil)
    #expect(service.calls == [.fetchLibraryArtists, .fetchLibraryArtists])
  }

  // MARK: Failures

  @Test func load_failure_showsFailedState() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)
    service.failingMethods = [.fetchLibraryArtists]

    await sut.load()

    #expect(sut.state == .failed(FailureMessage.generic))
    #expect(sut.artists.isEmpty)
    #expect(cache.artists == nil)
    #expect(service.calls == [.fetchLibraryArtists])
  }

  @Test func load_unauthorized_showsSignInAgainMessage() async {
    let (sut, service) = makeSUT()
    service.fail(.fetchLibraryArtists, with: LibraryError.unauthorized)

    await sut.load()

    #expect(sut.state == .failed("Your session expired. Sign in again."))
    #expect(service.calls.count == 1)
  }

  @Test func failingAnotherMethod_leavesArtistsUnaffected() async {
    let (sut, service) = makeSUT()
    service.failingMethods = [.fetchRecentlyPlayed, .fetchPlaylistContents]

    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.artists == Fixtures.artists)
    #expect(service.calls == [.fetchLibraryArtists])
  }

  @Test func cachedArtists_backgroundRefreshFailure_keepsThemAndShowsToast() async {
    let cache = LibraryCache()
    let cached = [Artist(id: "ar-7", name: "Laika")]
    cache.artists = cached
    let (sut, service) = makeSUT(cache: cache)
    service.fail(.fetchLibraryArtists, with: LibraryError.server(status: 500))

    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.artists == cached)
    #expect(sut.toast == .failure("Couldn't refresh artists. The server had a problem (500)."))
    #expect(cache.artists == cached)
    #expect(service.calls == [.fetchLibraryArtists])
  }

  @Test func refresh_failureThenSuccess_showsFreshArtists() async {
    let (sut, service) = makeSUT()
    await sut.load()
    service.failNext(1, of: .fetchLibraryArtists)
    await sut.refresh()
    #expect(sut.artists == Fixtures.artists)
    #expect(sut.toast?.style == .failure)
    let fresh = [Artist(id: "ar-9", name: "Pram")]
    service.libraryArtists.value = fresh

    await sut.refresh()

    #expect(sut.artists == fresh)
    #expect(service.calls.count == 3)
  }

  @Test func load_cancellationError_staysIdleAndCachesNothing() async {
    let cache = LibraryCache()
    let (sut, service) = makeSUT(cache: cache)
    service.injectedError = CancellationError()
    service.failingMethods = [.fetchLibraryArtists]

    await sut.load()

    #expect(sut.state == .idle)
    #expect(sut.toast == nil)
    #expect(cache.artists == nil)
    #expect(service.calls == [.fetchLibraryArtists])
  }

  @Test func heldLoad_cancelled_leavesNoFailure() async {
    let (sut, service) = makeSUT()
    service.hold(.fetchLibraryArtists)
    let load = Task { await sut.load() }
    await service.waitUntilHeld(.fetchLibraryArtists)
    #expect(sut.state == .loading)

    load.cancel()
    await load.value

    #expect(sut.state == .idle)
    #expect(sut.artists.isEmpty)
    #expect(service.calls == [.fetchLibraryArtists])
  }

  @Test func heldBackgroundRefresh_showsCachedArtistsWhileInFlight() async {
    let cache = LibraryCache()
    cache.artists = [Artist(id: "ar-7", name: "Laika")]
    let (sut, service) = makeSUT(cache: cache)
    service.hold(.fetchLibraryArtists)
    let load = Task { await sut.load() }
    await service.waitUntilHeld(.fetchLibraryArtists)

    #expect(sut.state == .loaded)
    #expect(sut.isRefreshing)
    #expect(sut.artists == cache.artists)

    service.failingMethods = [.fetchLibraryArtists]
    service.release(.fetchLibraryArtists)
    await load.value
    #expect(!sut.isRefreshing)
    #expect(sut.artists == cache.artists)
    #expect(sut.toast?.style == .failure)
    #expect(service.calls.count == 1)
  }
}
