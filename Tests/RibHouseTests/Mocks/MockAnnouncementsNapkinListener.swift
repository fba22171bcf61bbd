import NapkinTesting
import RibHouse

enum AnnouncementsListenerCall: Equatable, Sendable { case announcementsDidReceive(LastCall) }

final class MockAnnouncementsNapkinListener: AnnouncementsNapkinListener, RecordingListener {
  let calls = CallRecorder<AnnouncementsListenerCall>("MockAnnouncementsNapkinListener")
  func announcementsDidReceive(lastCall: LastCall) async {
    record(.announcementsDidReceive(lastCall))
  }
}
