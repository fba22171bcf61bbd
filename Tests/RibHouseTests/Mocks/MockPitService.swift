import NapkinTesting
import RibHouse

/// A `PitServicing` whose board and last calls the test sends; it has nothing to fail.
final class MockPitService: PitServicing {
  let boards = MockStream(replaying: PitBoard.opening)
  let announcements = MockStream<LastCall>()

  var boardUpdates: AsyncStream<PitBoard> { boards.stream() }
  var lastCalls: AsyncStream<LastCall> { announcements.stream() }
}
