import NapkinTesting
import RibHouse

enum LoggedOutListenerCall: Equatable, Sendable { case loggedOutDidTapLogin }

final class MockLoggedOutNapkinListener: LoggedOutNapkinListener, RecordingListener {
  let calls = CallRecorder<LoggedOutListenerCall>("MockLoggedOutNapkinListener")
  func loggedOutDidTapLogin() async { record(.loggedOutDidTapLogin) }
}
