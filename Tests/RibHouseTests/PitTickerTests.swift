import NapkinTesting
import RibHouse
import Testing

/// The pit ticker on a test clock: a tick every interval, at zero wall time.
@Suite(.napkinChecks(strict: true))
struct PitTickerTests {
  let clock = MockClock("PitClock")

  @Test func run_ticksOncePerInterval_andTheBoardAdvances() async {
    let ticker = PitTicker(clock: clock, interval: .seconds(60))
    let pit = PitService(ticker: ticker)
    let running = Task { await ticker.run() }
    await clock.waitForSleepers()

    await clock.advance(by: .seconds(60))
    // The loop sleeps again only once the tick has returned, so every subscriber has handled it.
    await clock.waitForSleepers()
    #expect(ticker.tickCount == 1)
    #expect(await pit.board == PitBoard.opening.advanced())

    await clock.advance(by: .seconds(59))
    #expect(ticker.tickCount == 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    #expect(ticker.tickCount == 2)
    #expect(await pit.board == PitBoard.opening.advanced().advanced())

    running.cancel()
    await running.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func run_endsWhenItsTaskIsCancelled() async {
    let ticker = PitTicker(clock: clock, interval: .seconds(60))
    let running = Task { await ticker.run() }
    await clock.waitForSleepers()
    running.cancel()
    await running.value
    #expect(ticker.tickCount == 0)
    #expect(clock.sleeperCount == 0)
  }
}
