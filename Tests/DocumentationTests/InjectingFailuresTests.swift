// The code of Docs/NapkinTesting.docc/InjectingFailures.md: method-keyed failures, per-method
// errors, failing the next N calls, cancellation, held calls, and a feed that fails.

import NapkinTesting
import Testing

// MARK: - The napkin under test

nonisolated struct Track: Equatable, Sendable {
  var id: String
  var title: String
}

nonisolated struct TrackPage: Equatable, Sendable {
  var tracks: [Track]
  var hasMore: Bool
}

enum LibraryError: Error, Equatable {
  case offline
}

protocol LibraryService: Sendable {
  func fetchRecentlyPlayed(page: Int) async throws -> TrackPage
  func addTracksToLibrary(_ trackIDs: [String]) async throws
}

@MainActor
protocol RecentlyPlayedNapkinPresentable: Presentable {
  func presentLoading()
  func presentTracks(_ tracks: [Track], hasMore: Bool)
  func presentFailure(_ message: String)
  func presentToast(_ message: String)
}

final actor RecentlyPlayedNapkinInteractor: PresentableInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any RecentlyPlayedNapkinPresentable
  private let library: any LibraryService
  private var tracks: [Track] = []
  private var nextPage = 1
  private var hasMore = true
  private var isLoading = false

  init(presenter: any RecentlyPlayedNapkinPresentable, library: any LibraryService) {
    self.presenter = presenter
    self.library = library
  }

  func didBecomeActive() async {
    task { await self.loadNextPage() }
  }

  func didScrollToEnd() {
    task { await self.loadNextPage() }
  }

  func didTapRetry() {
    task { await self.loadNextPage() }
  }

  func didTapAdd(_ track: Track) {
    task {
      do {
        try await self.library.addTracksToLibrary([track.id])
        await self.presenter.presentToast("Added \(track.title).")
      } catch {
        await self.presenter.presentToast("Could not add \(track.title).")
      }
    }
  }

  private func loadNextPage() async {
    guard hasMore, !isLoading else { return }
    isLoading = true
    defer { isLoading = false }
    if tracks.isEmpty { await presenter.presentLoading() }
    do {
      let page = try await library.fetchRecentlyPlayed(page: nextPage)
      tracks += page.tracks
      nextPage += 1
      hasMore = page.hasMore
      await presenter.presentTracks(tracks, hasMore: hasMore)
    } catch is CancellationError {
      // A cancelled load shows nothing and caches nothing.
    } catch {
      if !tracks.isEmpty {
        // The visible list survives; pagination ends quietly.
        hasMore = false
        await presenter.presentTracks(tracks, hasMore: false)
      } else if error as? LibraryError == .offline {
        await presenter.presentFailure("You are offline.")
      } else {
        await presenter.presentFailure("Could not load your recently played tracks.")
      }
    }
  }
}

// MARK: - The mock service

nonisolated enum MockMethod: Hashable, Sendable {
  case fetchRecentlyPlayed, addTracksToLibrary
}

final class MockLibraryService: LibraryService, MockService {
  let mock = MockServiceCore<MockMethod>("MockLibraryService")
  let pages = Stub<[Int: TrackPage]>([:], label: "pages")

  func fetchRecentlyPlayed(page: Int) async throws -> TrackPage {
    try await throwIfFailing(.fetchRecentlyPlayed)
    return pages.get(default: [:])[page] ?? TrackPage(tracks: [], hasMore: false)
  }

  func addTracksToLibrary(_ trackIDs: [String]) async throws {
    try await throwIfFailing(.addTracksToLibrary)
  }
}

nonisolated enum RecentlyPlayedPresenterCall: Equatable, Sendable {
  case presentLoading
  case presentTracks([Track], hasMore: Bool)
  case presentFailure(String)
  case presentToast(String)
}

final class MockRecentlyPlayedPresenter: RecordingPresenter<RecentlyPlayedPresenterCall>,
  RecentlyPlayedNapkinPresentable
{
  func presentLoading() { record(.presentLoading) }
  func presentTracks(_ tracks: [Track], hasMore: Bool) {
    record(.presentTracks(tracks, hasMore: hasMore))
  }
  func presentFailure(_ message: String) { record(.presentFailure(message)) }
  func presentToast(_ message: String) { record(.presentToast(message)) }
}

// MARK: - Tests

@Suite(.napkinChecks(strict: true))
struct RecentlyPlayedNapkinInteractorTests {
  let page1 = TrackPage(tracks: [Track(id: "t1", title: "Pulaski at Night")], hasMore: true)
  let page2 = TrackPage(tracks: [Track(id: "t2", title: "Tokyo")], hasMore: false)
  let library = MockLibraryService()
  let presenter = MockRecentlyPlayedPresenter()

  func makeSUT() -> RecentlyPlayedNapkinInteractor {
    library.pages.value = [1: page1, 2: page2]
    return RecentlyPlayedNapkinInteractor(presenter: presenter, library: library)
  }

  @Test func failingFetch_showsTheFailure() async {
    let sut = makeSUT()
    library.failingMethods = [.fetchRecentlyPlayed]

    await sut.activate()
    await presenter.calls.waitForCall(
      .presentFailure("Could not load your recently played tracks."))

    #expect(library.calls == [.fetchRecentlyPlayed])
    #expect(
      presenter.calls == [
        .presentLoading, .presentFailure("Could not load your recently played tracks."),
      ])
  }

  @Test func secondPageFailing_keepsTheListAndEndsPagination() async {
    let sut = makeSUT()
    await sut.activate()
    await presenter.calls.waitForCall(.presentTracks(page1.tracks, hasMore: true))
    await settle(sut)  // the load's `defer { isLoading = false }` has run

    library.failingMethods = [.fetchRecentlyPlayed]  // now the network "dies"
    await sut.didScrollToEnd()

    await presenter.calls.waitForCall(.presentTracks(page1.tracks, hasMore: false))
    #expect(
      presenter.calls == [
        .presentLoading, .presentTracks(page1.tracks, hasMore: true),
        .presentTracks(page1.tracks, hasMore: false),
      ])
    #expect(library.calls == [.fetchRecentlyPlayed, .fetchRecentlyPlayed])
  }

  @Test func fetchSucceeding_butTheWriteFailing_showsAFailureToast() async {
    let sut = makeSUT()
    library.failingMethods = [.addTracksToLibrary]
    await sut.activate()
    await presenter.calls.waitForCall(.presentTracks(page1.tracks, hasMore: true))
    await settle(sut)

    await sut.didTapAdd(page1.tracks[0])

    await presenter.calls.waitForCall(.presentToast("Could not add Pulaski at Night."))
    #expect(
      presenter.calls == [
        .presentLoading, .presentTracks(page1.tracks, hasMore: true),
        .presentToast("Could not add Pulaski at Night."),
      ])
    #expect(library.calls == [.fetchRecentlyPlayed, .addTracksToLibrary])
  }

  @Test func offline_showsTheOfflineMessage() async {
    let sut = makeSUT()
    library.fail(.fetchRecentlyPlayed, with: LibraryError.offline)

    await sut.activate()

    await presenter.calls.waitForCall(.presentFailure("You are offline."))
    #expect(presenter.calls == [.presentLoading, .presentFailure("You are offline.")])
    #expect(library.calls.count == 1)
  }

  @Test func failingOnce_thenRetrying_showsTheFirstPage() async {
    let sut = makeSUT()
    library.failNext(1, of: .fetchRecentlyPlayed)
    await sut.activate()
    await presenter.calls.waitForCall(
      .presentFailure("Could not load your recently played tracks."))
    await settle(sut)

    await sut.didTapRetry()

    await presenter.calls.waitForCall(.presentTracks(page1.tracks, hasMore: true))
    #expect(
      presenter.calls == [
        .presentLoading, .presentFailure("Could not load your recently played tracks."),
        .presentLoading, .presentTracks(page1.tracks, hasMore: true),
      ])
    #expect(library.calls.count == 2)
  }

  @Test func cancelledLoad_showsNoFailureAndCachesNothing() async {
    let sut = makeSUT()
    library.injectedError = CancellationError()
    library.failNext(1, of: .fetchRecentlyPlayed)
    await sut.activate()
    await settle(sut)

    await sut.didTapRetry()

    await presenter.calls.waitForCall(.presentTracks(page1.tracks, hasMore: true))
    #expect(
      presenter.calls == [
        .presentLoading, .presentLoading, .presentTracks(page1.tracks, hasMore: true),
      ])
    #expect(library.calls == [.fetchRecentlyPlayed, .fetchRecentlyPlayed])
  }

  @Test func heldLoad_showsLoadingUntilReleased() async {
    let sut = makeSUT()
    library.hold(.fetchRecentlyPlayed)
    await sut.activate()
    await library.waitUntilHeld(.fetchRecentlyPlayed)

    #expect(presenter.calls == [.presentLoading])

    library.release(.fetchRecentlyPlayed)
    await presenter.calls.waitForCall(.presentTracks(page1.tracks, hasMore: true))
    #expect(
      presenter.calls == [.presentLoading, .presentTracks(page1.tracks, hasMore: true)])
    #expect(library.calls.count == 1)
  }

  @Test func deactivatingDuringALoad_cancelsItQuietly() async {
    let sut = makeSUT()
    library.hold(.fetchRecentlyPlayed)
    await sut.activate()
    await library.waitUntilHeld(.fetchRecentlyPlayed)

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)
    #expect(presenter.calls == [.presentLoading])
    #expect(library.calls == [.fetchRecentlyPlayed])
  }
}

// MARK: - When the feed fails

nonisolated protocol NowPlayingService: Sendable {
  func nowPlaying() -> AsyncThrowingStream<Track, any Error>
}

@MainActor
protocol NowPlayingNapkinPresentable: Presentable {
  func presentTrack(_ track: Track)
  func presentFeedEnded()
  func presentFeedLost(_ message: String)
}

final actor NowPlayingNapkinInteractor: PresentableInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any NowPlayingNapkinPresentable
  private let playback: any NowPlayingService

  init(presenter: any NowPlayingNapkinPresentable, playback: any NowPlayingService) {
    self.presenter = presenter
    self.playback = playback
  }

  func didBecomeActive() async {
    task { await self.follow() }
  }

  func didTapRetry() {
    task { await self.follow() }
  }

  private func follow() async {
    do {
      for try await track in playback.nowPlaying() {
        await presenter.presentTrack(track)
      }
      try Task.checkCancellation()  // deactivated: the loop ended, the feed did not
      await presenter.presentFeedEnded()
    } catch is CancellationError {
      // Deactivated, or the feed was cancelled under us: nothing to show.
    } catch {
      let offline = error as? LibraryError == .offline
      await presenter.presentFeedLost(offline ? "You are offline." : "The live feed stopped.")
    }
  }
}

nonisolated enum PlaybackMethod: Hashable, Sendable {
  case nowPlaying
}

final class MockNowPlayingService: NowPlayingService, MockService {
  let mock = MockServiceCore<PlaybackMethod>("MockNowPlayingService")
  let feed = MockThrowingStream<Track>(label: "nowPlaying")

  func nowPlaying() -> AsyncThrowingStream<Track, any Error> {
    stream(.nowPlaying, from: feed)
  }
}

nonisolated enum NowPlayingPresenterCall: Equatable, Sendable {
  case presentTrack(Track)
  case presentFeedEnded
  case presentFeedLost(String)
}

final class MockNowPlayingPresenter: RecordingPresenter<NowPlayingPresenterCall>,
  NowPlayingNapkinPresentable
{
  func presentTrack(_ track: Track) { record(.presentTrack(track)) }
  func presentFeedEnded() { record(.presentFeedEnded) }
  func presentFeedLost(_ message: String) { record(.presentFeedLost(message)) }
}

@Suite(.napkinChecks(strict: true))
struct NowPlayingNapkinInteractorTests {
  let pulaski = Track(id: "t1", title: "Pulaski at Night")
  let tokyo = Track(id: "t2", title: "Tokyo")
  let playback = MockNowPlayingService()
  let presenter = MockNowPlayingPresenter()

  func makeSUT() -> NowPlayingNapkinInteractor {
    NowPlayingNapkinInteractor(presenter: presenter, playback: playback)
  }

  @Test func feedFailingMidStream_showsTheTracksThenTheFailure() async {
    let sut = makeSUT()
    await sut.activate()
    await playback.feed.waitForSubscribers()

    playback.feed.send(pulaski)
    playback.feed.fail(with: LibraryError.offline)

    await presenter.calls.waitForCall(.presentFeedLost("You are offline."))
    #expect(presenter.calls == [.presentTrack(pulaski), .presentFeedLost("You are offline.")])
    #expect(playback.calls == [.nowPlaying])
  }

  @Test func feedCancelled_showsNoFailure() async {
    let sut = makeSUT()
    await sut.activate()
    await playback.feed.waitForSubscribers()

    playback.feed.send(pulaski)
    playback.feed.cancel()
    await settle(sut)

    #expect(presenter.calls == [.presentTrack(pulaski)])
    #expect(playback.calls == [.nowPlaying])
  }

  @Test func failingSubscription_throwsAtOnce_andARetryFollowsTheFeed() async {
    let sut = makeSUT()
    playback.failNext(1, of: .nowPlaying, with: LibraryError.offline)
    await sut.activate()
    await presenter.calls.waitForCall(.presentFeedLost("You are offline."))
    await settle(sut)

    await sut.didTapRetry()
    await playback.feed.waitForSubscribers()
    playback.feed.send(pulaski)
    playback.feed.finish()

    await presenter.calls.waitForCall(.presentFeedEnded)
    #expect(
      presenter.calls == [
        .presentFeedLost("You are offline."), .presentTrack(pulaski), .presentFeedEnded,
      ])
    #expect(playback.calls == [.nowPlaying, .nowPlaying])
  }

  @Test func everyEndOfTheFeed_afterEveryTrack_showsNothingAfterIt() async {
    let report = await explore { scenario in
      let playback = MockNowPlayingService()
      let presenter = MockNowPlayingPresenter()
      let sut = NowPlayingNapkinInteractor(presenter: presenter, playback: playback)
      scenario.sends([pulaski, tokyo], on: playback.feed)
      scenario.ends(
        playback.feed, with: [.finished, .failure(LibraryError.offline), .cancellation])
      await sut.activate()
      scenario.expect("the tracks, then at most one end") {
        _ = playback.calls.count
        let calls = presenter.calls.all
        let tracks = calls.prefix { if case .presentTrack = $0 { true } else { false } }
        return calls.count - tracks.count <= 1
      }
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
    #expect(report.orders == 9)  // each of the three ends after none, one or both tracks
  }
}
