import NapkinTesting
import RibHouse

enum LoggedInRoutingCall: Equatable, Sendable {
  case attachAnnouncements, detachAnnouncements, attachPitBoard, detachPitBoard
}

final class MockLoggedInNapkinRouting: BaseMockRouter<LoggedInRoutingCall>, LoggedInNapkinRouting {
  func attachAnnouncements() async { record(.attachAnnouncements) }
  func detachAnnouncements() async { record(.detachAnnouncements) }
  func attachPitBoard() async { record(.attachPitBoard) }
  func detachPitBoard() async { record(.detachPitBoard) }
}
