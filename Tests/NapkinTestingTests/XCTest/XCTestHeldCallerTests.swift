import NapkinTesting
import XCTest

/// Listener and router calls held from an XCTest test case: by hand and by the explorer.
final class XCTestHeldCallerTests: XCTestCase {
  func testReleaseCallTwo_answersTheSecondListenerCallFirst() async {
    let (afterSecond, afterFirst) = await HeldCallerScenario.answerTheSecondListenerCallFirst()
    XCTAssertEqual(afterSecond, ["cancelled"])
    XCTAssertEqual(afterFirst, ["cancelled", "paid"])
  }

  func testRouterCallHeld_secondTapWhileAttaching_attachesOnce() async {
    let calls = await HeldCallerScenario.secondTapWhileAttaching(marksFirst: true)
    XCTAssertEqual(calls, [.attachDetail])
  }

  func testExplorer_findsTheSecondTapWhileTheRouterAttaches() async {
    let issues = await withIssueCollector {
      _ = await HeldCallerScenario.exploreTwoTaps(marksFirst: false)
    }
    let message = issues.first?.message ?? ""
    XCTAssertTrue(
      message.contains(
        "tap#1 tap#1.1 attachDetail#1✓ tap#1.2 tap#2 tap#1.3 tap#2.1 attachDetail#2✓ tap#2.2 tap#2.3"
      ),
      message)
  }

  func testExplorer_passesTheCheckoutThatMarksFirst() async {
    let report = await HeldCallerScenario.explorePayAndCancel(marksFirst: true)
    XCTAssertTrue(report.passed, "\(report)")
  }
}
