import NapkinTesting
import XCTest

/// Streams that fail, from an XCTest test case: the throwing mock stream, failure injection on a
/// stream method, its end as an explored event, and a fake of one's own that settles.
final class XCTestThrowingStreamTests: XCTestCase {
  func testFeedFailingMidStream_reachesTheScreen() async {
    let service = MockQuoteService()
    let sut = QuoteInteractor(service: service)
    await sut.activate()
    await service.feed.waitForSubscribers()
    service.feed.send(5)
    service.feed.fail(with: QuoteError.disconnected)
    let settled = await settle(sut)
    XCTAssertTrue(settled)
    let (shown, status) = (await sut.shown, await sut.status)
    XCTAssertEqual(shown, [5])
    XCTAssertEqual(status, "lost: disconnected")
    XCTAssertEqual(service.calls.all, [.quotes])
    await sut.deactivate()
  }

  func testFailingStreamMethod_throwsAtOnce() async {
    let service = MockQuoteService()
    service.fail(.quotes, with: QuoteError.disconnected)
    let sut = QuoteInteractor(service: service)
    await sut.activate()
    let settled = await settle(sut)
    XCTAssertTrue(settled)
    let status = await sut.status
    XCTAssertEqual(status, "lost: disconnected")
    XCTAssertEqual(service.calls.count, 1)
    await sut.deactivate()
  }

  func testExploration_findsTheFeedFailureTheBuggyScreenHides() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        await StreamExplorationTests.liveQuotes(scenario, showsFailures: false)
      }
    }
    XCTAssertEqual(report?.failingOrder, "quotes←101 quotes←102 quotes✗")
    XCTAssertEqual(issues.count, 1)
  }

  func testFakeThatMarksItsWait_settles() async {
    let repository = FakeNotesRepository(marksItsWaits: true)
    let sut = NotesInteractor(repository: repository)
    await sut.activate()
    let waiting = await settle(sut)
    XCTAssertTrue(waiting)
    await repository.answer(["milk"])
    let answered = await settle(sut)
    XCTAssertTrue(answered)
    let notes = await sut.notes
    XCTAssertEqual(notes, ["milk"])
    await sut.deactivate()
  }
}
