import NapkinTesting
import RibHouse

enum LoggedInPresenterCall: Equatable, Sendable {
  case present(User), presentPitSummary(PitBoard), presentLastCall(LastCall)
}

final class MockLoggedInNapkinPresentable: RecordingPresenter<LoggedInPresenterCall>,
  LoggedInNapkinPresentable
{
  weak var listener: (any LoggedInNapkinPresentableListener)?
  func present(user: User) { record(.present(user)) }
  func presentPitSummary(_ board: PitBoard) { record(.presentPitSummary(board)) }
  func presentLastCall(_ lastCall: LastCall) { record(.presentLastCall(lastCall)) }
}
