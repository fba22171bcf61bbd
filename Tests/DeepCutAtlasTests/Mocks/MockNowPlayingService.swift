import DeepCutAtlas
import NapkinTesting

/// A `NowPlayingService` whose feed the test drives: send tracks on `feed`, then finish it, fail
/// it with an error, or cancel it.
///
/// Every call of `nowPlaying()` is recorded in `calls` and subscribes to `feed`, unless the method
/// is set to fail (`failingMethods`, `fail(_:with:)`, `failNext`): then the subscription throws
/// that error at once. A held call (`hold(.nowPlaying)`) holds the subscription's first track.
/// Once `feed` ended, a later subscription ends the same way, as a feed that is gone would.
final class MockNowPlayingService: NowPlayingService, MockService {
  let mock = MockServiceCore<NowPlayingMethod>("MockNowPlayingService")
  /// The live feed every subscription reads.
  let feed = MockThrowingStream<Track>(label: "nowPlaying")

  func nowPlaying() -> AsyncThrowingStream<Track, any Error> {
    stream(.nowPlaying, from: feed)
  }
}
