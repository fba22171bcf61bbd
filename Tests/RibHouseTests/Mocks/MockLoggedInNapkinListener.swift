import NapkinTesting
import RibHouse

enum LoggedInListenerCall: Equatable, Sendable { case loggedInDidTapLogout }

final class MockLoggedInNapkinListener: LoggedInNapkinListener, RecordingListener {
  let calls = CallRecorder<LoggedInListenerCall>("MockLoggedInNapkinListener")
  func loggedInDidTapLogout() async { record(.loggedInDidTapLogout) }
}
