import NapkinMutex
import Testing

@testable import NapkinTesting

/// The one settling loop, read once where its reading is exact and twice where it is not.
@Suite struct SettlingTests {
  private func readings(exact: Bool) async -> (settled: Bool, reads: Int, betweens: Int) {
    let reads = Mutex(0)
    let betweens = Mutex(0)
    var last: [Settling.Reading] = []
    let settled = await Settling.untilSettled(
      read: {
        reads.withLock { $0 += 1 }
        return (0, [])
      },
      between: { betweens.withLock { $0 += 1 } },
      isExact: { exact },
      waitForBusy: { _, _ in },
      until: .now + .seconds(30), last: &last)
    return (settled, reads.withLock { $0 }, betweens.withLock { $0 })
  }

  @Test func anExactReading_settlesAtOnce_withNoSecondReading() async {
    let (settled, reads, betweens) = await readings(exact: true)
    #expect(settled)
    #expect(reads == 1)
    #expect(betweens == 0)
  }

  @Test func aReadingThatIsNotExact_isConfirmedByASecond_afterTheWaitBetween() async {
    let (settled, reads, betweens) = await readings(exact: false)
    #expect(settled)
    #expect(reads == 2)
    #expect(betweens == 1)
  }
}
