import NapkinTesting
import XCTest

/// The fault sweep from an XCTest test case.
final class XCTestSweepTests: XCTestCase {
  func testSweep_answersEveryCallOfEveryMethod_withEachOutcome() async {
    let report = await SweepScenario.exploreOneLoad(holding: true)
    XCTAssertTrue(report.passed, "\(report)")
    XCTAssertEqual(report.orders, 5)
    XCTAssertEqual(report.answeredCalls["MockWallet.balance"], ["✓": 3, "✗": 1, "⊘": 1])
    XCTAssertTrue(report.summary.hasSuffix("never called: MockWallet.refund"), report.summary)
  }

  func testSweepWithoutHolding_answersAtOnce() async {
    let report = await SweepScenario.exploreOneLoad(holding: false)
    XCTAssertTrue(report.passed, "\(report)")
    XCTAssertEqual(report.answeredCalls["MockWallet.history"], ["✓": 1, "✗": 1, "⊘": 1])
  }
}
