import NapkinTesting
import XCTest

/// Exploring orders from XCTest: the failing order fails the XCTest test, through XCTFail.
final class XCTestExploreTests: XCTestCase {
  private let captured = CapturedFailures()

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if captured.capture(description) { return }
    super.recordFailure(
      withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }

  func testLostUpdate_failsTheXCTest_withItsReplayString() async {
    captured.start()
    let report = await explore(strategy: .exhaustive(), ExploreTests.lostUpdate)
    let failures = captured.stop()
    XCTAssertEqual(report.failingOrder, "inc#1 inc#2 orders#1✓ orders#2✓")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains(#"explore(replay: "inc#1 inc#2 orders#1✓ orders#2✓")"#) ?? false,
      "\(failures)")
  }

  func testCorrectScenario_passesEveryOrder_inXCTest() async {
    captured.start()
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockProfileService()
      let sut = CounterInteractor(service: service)
      scenario.watch(sut)
      scenario.answers(service, .orders)
      scenario.action("inc", on: sut) { await sut.increment() }
      scenario.expect("counted once") {
        _ = service.calls.count
        return await sut.count == 1
      }
    }
    XCTAssertEqual(captured.stop(), [])
    XCTAssertTrue(report.passed)
    XCTAssertEqual(
      report.summary,
      "exhaustive: all 1 order (events and the actions' awaits on the main actor and between "
        + "actors, up to 1 preemption per order)")
  }
}
