import NapkinTesting
import SanitizerClient

enum TrackMethod: Hashable, Sendable {
  case fetchTrack, like
}

final class MockTrackService: TrackService, MockService {
  let mock = MockServiceCore<TrackMethod>("MockTrackService")
  let playing = MockStream<Int>(label: "nowPlaying")

  var nowPlaying: AsyncStream<Int> { playing.stream() }

  func fetchTrack(id: Int) async throws -> Track {
    try await throwIfFailing(.fetchTrack)
    return Track(id: id)
  }

  func like(id: Int) async throws {
    try await throwIfFailing(.like)
  }
}

enum PlayerPresenterCall: Hashable, Sendable {
  case present(Track)
  case presentFailure(Int)
}

final class MockPlayerPresenter: RecordingPresenter<PlayerPresenterCall>, PlayerPresentable {
  func present(track: Track) { record(.present(track)) }
  func presentFailure(id: Int) { record(.presentFailure(id)) }
}
