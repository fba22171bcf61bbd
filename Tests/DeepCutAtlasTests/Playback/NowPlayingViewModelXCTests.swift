import DeepCutAtlas
import NapkinTesting
import XCTest

/// The now-playing screen's XCTest cases: the test drives the feed, then awaits the task that
/// follows it; no expectation waits on a delay.
// @MainActor on purpose: in a default-MainActor project the convention is load-bearing.
@MainActor
final class NowPlayingViewModelXCTests: XCTestCase {
  private let tracks = Fixtures.tracks(1...2)

  func testTracksAreShownInTurn() async {
    await withNapkinChecks(strict: true) {
      let service = MockNowPlayingService()
      let viewModel = NowPlayingViewModel(service: service)
      let following = Task { await viewModel.follow() }
      await service.feed.waitForSubscribers()

      service.feed.send(tracks[0])
      service.feed.send(tracks[1])
      service.feed.finish()
      await following.value

      XCTAssertEqual(viewModel.track, tracks[1])
      XCTAssertEqual(viewModel.history, tracks)
      XCTAssertEqual(viewModel.state, .ended)
      XCTAssertEqual(service.calls.all, [.nowPlaying])
    }
  }

  func testFeedFailingMidStreamShowsTheErrorsMessage() async {
    await withNapkinChecks(strict: true) {
      let service = MockNowPlayingService()
      let viewModel = NowPlayingViewModel(service: service)
      let following = Task { await viewModel.follow() }
      await service.feed.waitForSubscribers()

      service.feed.send(tracks[0])
      service.feed.fail(with: LibraryError.offline)
      await following.value

      XCTAssertEqual(viewModel.track, tracks[0], "The last track should stay on screen")
      XCTAssertEqual(viewModel.state, .failed("Lost the live feed. You're offline."))
      XCTAssertTrue(viewModel.canRetry)
      XCTAssertEqual(service.calls.all, [.nowPlaying])
    }
  }

  func testFailingMethodMakesTheSubscriptionThrowAtOnce() async {
    await withNapkinChecks(strict: true) {
      let service = MockNowPlayingService()
      service.fail(.nowPlaying, with: LibraryError.unauthorized)
      let viewModel = NowPlayingViewModel(service: service)

      await viewModel.follow()

      XCTAssertEqual(
        viewModel.state, .failed("Lost the live feed. Your session expired. Sign in again."))
      XCTAssertNil(viewModel.track)
      XCTAssertEqual(service.calls.all, [.nowPlaying])
      XCTAssertEqual(service.feed.subscriberCount, 0)
    }
  }

  func testRetryAfterAFailureResubscribes() async {
    await withNapkinChecks(strict: true) {
      let service = MockNowPlayingService()
      service.failNext(1, of: .nowPlaying)
      let viewModel = NowPlayingViewModel(service: service)
      await viewModel.follow()
      XCTAssertTrue(viewModel.canRetry)

      let retrying = Task { await viewModel.retry() }
      await service.feed.waitForSubscribers()
      service.feed.send(tracks[0])
      service.feed.finish()
      await retrying.value

      XCTAssertEqual(viewModel.state, .ended)
      XCTAssertEqual(viewModel.track, tracks[0])
      XCTAssertEqual(service.calls.all, [.nowPlaying, .nowPlaying])
    }
  }

  func testCancellingTheFollowingTaskShowsNoFailure() async {
    await withNapkinChecks(strict: true) {
      let service = MockNowPlayingService()
      let viewModel = NowPlayingViewModel(service: service)
      let following = Task { await viewModel.follow() }
      await service.feed.waitForSubscribers()

      following.cancel()
      await following.value

      XCTAssertEqual(viewModel.state, .idle)
      XCTAssertFalse(viewModel.canRetry)
      XCTAssertEqual(service.feed.subscriberCount, 0)
      XCTAssertEqual(service.calls.all, [.nowPlaying])
    }
  }
}
