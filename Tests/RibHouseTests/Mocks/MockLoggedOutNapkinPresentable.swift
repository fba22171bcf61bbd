import NapkinTesting
import RibHouse

enum LoggedOutPresenterCall: Equatable, Sendable { case presentLoginFailure(String) }

final class MockLoggedOutNapkinPresentable: RecordingPresenter<LoggedOutPresenterCall>,
  LoggedOutNapkinPresentable
{
  weak var listener: (any LoggedOutNapkinPresentableListener)?
  func presentLoginFailure(message: String) { record(.presentLoginFailure(message)) }
}
