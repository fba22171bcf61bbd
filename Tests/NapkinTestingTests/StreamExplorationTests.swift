import NapkinTesting
import Testing

/// A stream's end is an event the explorer orders: finished, failed or cancelled, at every point;
/// a fault sweep covers a mock's stream methods.
@Suite struct StreamExplorationTests {
  static func liveQuotes(_ scenario: Scenario, showsFailures: Bool) async {
    let service = MockQuoteService()
    let sut = QuoteInteractor(service: service, showsFailures: showsFailures)
    scenario.sends([101, 102], on: service.feed)
    scenario.ends(
      service.feed, with: [.finished, .failure(QuoteError.disconnected), .cancellation])
    await sut.activate()
    scenario.expect("the screen says the feed ended") {
      _ = service.calls.count
      return await sut.status != "live"
    }
  }

  @Test func feedFailingMidStream_isFound_andItsOrderReplays() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        await Self.liveQuotes(scenario, showsFailures: false)
      }
    }
    let order = report?.failingOrder ?? ""
    #expect(order == "quotes←101 quotes←102 quotes✗", "\(issues)")
    #expect(
      issues.first?.message.contains("explorer ended `quotes` with a failure: disconnected") == true
    )
    for _ in 0..<10 {
      let replayed = await withIssueCollector {
        await explore(replay: order) { scenario in
          await Self.liveQuotes(scenario, showsFailures: false)
        }
      }
      #expect(replayed.count == 1)
    }
  }

  @Test func theFixedScreen_passesEveryOrderOfValuesAndEndings() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.liveQuotes(scenario, showsFailures: true)
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
    // Three endings after none, one or both values.
    #expect(report.orders == 9, "\(report)")
  }

  @Test func sweep_coversTheStreamMethod() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockQuoteService()
      let sut = QuoteInteractor(service: service)
      scenario.answers(service, with: [.success, .failure(QuoteError.disconnected), .cancellation])
      scenario.ends(service.feed)
      await sut.activate()
      scenario.expect("the screen says the feed ended") {
        _ = service.calls.count
        return await sut.status != "live"
      }
    }
    #expect(report.passed, "\(report)")
    // Each answer, before and after the feed finishes.
    #expect(report.answeredCalls["MockQuoteService.quotes"] == ["✓": 2, "✗": 2, "⊘": 2])
  }

  @Test func emptyEndings_areRefused() async {
    let issues = await withIssueCollector {
      await explore { scenario in
        let quotes = MockThrowingStream<Int>(label: "quotes")
        scenario.ends(quotes, with: [])
      }
    }
    #expect(
      issues.map(\.message) == [
        "ends(quotes, with:) was given no ending to try ([]), so the stream could never end: pass "
          + "at least one, such as [.finished], or leave out with: to finish it."
      ])
  }
}
