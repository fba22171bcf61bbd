import DeepCutAtlas
import NapkinTesting
import Testing

// @MainActor on purpose: in a default-MainActor project the convention is load-bearing.
@MainActor
@Suite(.napkinChecks(strict: true))
struct NowPlayingViewModelTests {
  private let tracks = Fixtures.tracks(1...3)

  private func makeSUT() -> (NowPlayingViewModel, MockNowPlayingService) {
    let service = MockNowPlayingService()
    return (NowPlayingViewModel(service: service), service)
  }

  // MARK: Tracks

  @Test func follow_showsEachTrackInTurn_thenTheEndOfTheFeed() async {
    let (sut, service) = makeSUT()
    let following = Task { await sut.follow() }
    await service.feed.waitForSubscribers()
    #expect(sut.state == .connecting)
    #expect(sut.isFollowing)

    service.feed.send(tracks[0])
    service.feed.send(tracks[1])
    service.feed.finish()
    await following.value

    #expect(sut.track == tracks[1])
    #expect(sut.history == [tracks[0], tracks[1]])
    #expect(sut.state == .ended)
    #expect(!sut.isFollowing)
    #expect(!sut.canRetry)
    #expect(service.calls == [.nowPlaying])
    #expect(service.feed.subscriberCount == 0)
  }

  @Test func follow_whileFollowing_opensNoSecondSubscription() async {
    let (sut, service) = makeSUT()
    let following = Task { await sut.follow() }
    await service.feed.waitForSubscribers()

    await sut.follow()  // returns at once

    service.feed.finish()
    await following.value
    #expect(sut.state == .ended)
    #expect(service.calls == [.nowPlaying])
  }

  @Test func heldSubscription_staysConnecting_thenShowsWhatWasSentMeanwhile() async {
    let (sut, service) = makeSUT()
    service.hold(.nowPlaying)
    let following = Task { await sut.follow() }
    await service.waitUntilHeld(.nowPlaying)

    service.feed.send(tracks[0])  // kept for the held subscription
    #expect(sut.state == .connecting)
    #expect(sut.track == nil)

    service.release(.nowPlaying)
    service.feed.finish()
    await following.value
    #expect(sut.history == [tracks[0]])
    #expect(sut.state == .ended)
    #expect(service.calls == [.nowPlaying])
  }

  // MARK: The feed fails mid-stream

  @Test(
    arguments: [
      (LibraryError.offline, "You're offline."),
      (.unauthorized, "Your session expired. Sign in again."),
      (.server(status: 503), "The server had a problem (503)."),
    ])
  func feedFailingMidStream_keepsTheLastTrackAndShowsTheErrorsMessage(
    error: LibraryError, message: String
  ) async {
    let (sut, service) = makeSUT()
    let following = Task { await sut.follow() }
    await service.feed.waitForSubscribers()

    service.feed.send(tracks[0])
    service.feed.send(tracks[1])
    service.feed.fail(with: error)
    await following.value

    #expect(sut.track == tracks[1])  // what was sent before the failure shows first
    #expect(sut.history == [tracks[0], tracks[1]])
    #expect(sut.state == .failed("Lost the live feed. " + message))
    #expect(sut.canRetry)
    #expect(service.calls == [.nowPlaying])
  }

  @Test func feedFailingWithAnErrorOfNoMessage_showsTheGenericOne() async {
    let (sut, service) = makeSUT()
    let following = Task { await sut.follow() }
    await service.feed.waitForSubscribers()

    service.feed.fail()  // a SimulatedError
    await following.value

    #expect(sut.state == .failed("Lost the live feed. " + FailureMessage.generic))
    #expect(sut.track == nil)
    #expect(service.calls.count == 1)
  }

  // MARK: Failure injection: the subscription throws at once

  @Test func failingMethod_subscriptionThrowsAtOnce() async {
    let (sut, service) = makeSUT()
    service.failingMethods = [.nowPlaying]

    await sut.follow()  // returns: the subscription threw before any track

    #expect(sut.state == .failed("Lost the live feed. " + FailureMessage.generic))
    #expect(sut.track == nil)
    #expect(sut.canRetry)
    #expect(service.calls == [.nowPlaying])
    #expect(service.feed.subscriberCount == 0)
  }

  @Test func failWith_showsThatErrorsMessage() async {
    let (sut, service) = makeSUT()
    service.fail(.nowPlaying, with: LibraryError.rateLimited(retryAfterSeconds: 30))

    await sut.follow()

    #expect(sut.state == .failed("Lost the live feed. Too many requests. Try again in 30 s."))
    #expect(service.calls.count == 1)
  }

  @Test func heldSubscription_releasedIntoAFailure_showsIt() async {
    let (sut, service) = makeSUT()
    service.hold(.nowPlaying)
    let following = Task { await sut.follow() }
    await service.waitUntilHeld(.nowPlaying)
    service.feed.send(tracks[0])

    service.fail(.nowPlaying, with: LibraryError.offline)
    service.release(.nowPlaying)
    await following.value

    #expect(sut.state == .failed("Lost the live feed. You're offline."))
    #expect(sut.track == nil)  // the track sent meanwhile never reached the failed subscription
    #expect(service.calls == [.nowPlaying])
  }

  // MARK: Retry

  @Test func retry_afterAFailedSubscription_resubscribesAndShowsTracks() async {
    let (sut, service) = makeSUT()
    service.failNext(1, of: .nowPlaying, with: LibraryError.offline)
    await sut.follow()
    #expect(sut.canRetry)

    let retrying = Task { await sut.retry() }
    await service.feed.waitForSubscribers()
    #expect(sut.state == .connecting)
    service.feed.send(tracks[0])
    service.feed.finish()
    await retrying.value

    #expect(sut.state == .ended)
    #expect(sut.track == tracks[0])
    #expect(!sut.canRetry)
    #expect(service.calls == [.nowPlaying, .nowPlaying])
    #expect(service.upcomingFailures(of: .nowPlaying) == 0)
  }

  @Test func retry_afterTheFeedFailedMidStream_resubscribes() async {
    let (sut, service) = makeSUT()
    let following = Task { await sut.follow() }
    await service.feed.waitForSubscribers()
    service.feed.send(tracks[0])
    service.feed.fail(with: LibraryError.offline)
    await following.value

    await sut.retry()  // the feed is gone: the new subscription fails the same way at once

    #expect(service.calls == [.nowPlaying, .nowPlaying])
    #expect(sut.state == .failed("Lost the live feed. You're offline."))
    #expect(sut.history == [tracks[0]])
  }

  @Test func retry_withoutAFailure_doesNothing() async {
    let (sut, service) = makeSUT()

    await sut.retry()

    #expect(sut.state == .idle)
    #expect(service.calls.count == 0)
  }

  // MARK: Cancellation

  @Test func cancellingTheFollowingTask_closesTheSubscriptionQuietly() async {
    let (sut, service) = makeSUT()
    let following = Task { await sut.follow() }
    await service.feed.waitForSubscribers()

    following.cancel()  // the screen went away
    await following.value

    #expect(sut.state == .idle)
    #expect(!sut.canRetry)
    #expect(sut.track == nil)
    #expect(service.feed.subscriberCount == 0)
    #expect(service.calls == [.nowPlaying])
  }

  @Test func cancellingWhileTheSubscriptionIsHeld_showsNoFailure() async {
    let (sut, service) = makeSUT()
    service.hold(.nowPlaying)
    let following = Task { await sut.follow() }
    await service.waitUntilHeld(.nowPlaying)

    following.cancel()
    await following.value

    #expect(sut.state == .idle)
    #expect(!sut.canRetry)
    #expect(service.calls == [.nowPlaying])
  }

  @Test func feedCancelledUnderTheScreen_keepsTheTrackAndShowsNoFailure() async {
    let (sut, service) = makeSUT()
    let following = Task { await sut.follow() }
    await service.feed.waitForSubscribers()

    service.feed.send(tracks[0])
    service.feed.cancel()
    await following.value

    #expect(sut.state == .idle)
    #expect(sut.track == tracks[0])
    #expect(!sut.canRetry)
    #expect(service.calls.count == 1)
  }

  @Test func injectedCancellationError_showsNoFailure_andFollowSubscribesAgain() async {
    let (sut, service) = makeSUT()
    service.injectedError = CancellationError()
    service.failNext(1, of: .nowPlaying)

    await sut.follow()
    #expect(sut.state == .idle)
    #expect(!sut.canRetry)

    let following = Task { await sut.follow() }  // the screen appears again
    await service.feed.waitForSubscribers()
    service.feed.finish()
    await following.value
    #expect(sut.state == .ended)
    #expect(service.calls == [.nowPlaying, .nowPlaying])
  }
}
