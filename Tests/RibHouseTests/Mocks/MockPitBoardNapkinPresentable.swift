import NapkinTesting
import RibHouse

enum PitBoardPresenterCall: Equatable, Sendable {
  case presentBoard(PitBoard), presentSpecials([Special]), presentSpecialsFailure(String)
}

final class MockPitBoardNapkinPresentable: RecordingPresenter<PitBoardPresenterCall>,
  PitBoardNapkinPresentable
{
  weak var listener: (any PitBoardNapkinPresentableListener)?
  func presentBoard(_ board: PitBoard) { record(.presentBoard(board)) }
  func presentSpecials(_ specials: [Special]) { record(.presentSpecials(specials)) }
  func presentSpecialsFailure(message: String) { record(.presentSpecialsFailure(message)) }
}
