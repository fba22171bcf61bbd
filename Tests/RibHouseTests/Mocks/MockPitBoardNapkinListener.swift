import NapkinTesting
import RibHouse

enum PitBoardListenerCall: Equatable, Sendable { case pitBoardDidTapBack }

final class MockPitBoardNapkinListener: PitBoardNapkinListener, RecordingListener {
  let calls = CallRecorder<PitBoardListenerCall>("MockPitBoardNapkinListener")
  func pitBoardDidTapBack() async { record(.pitBoardDidTapBack) }
}
