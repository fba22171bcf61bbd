import NapkinTesting
import XCTest

/// One held call released by its ordinal, from XCTest.
final class XCTestReleaseByOrdinalTests: XCTestCase {
  func testReleaseCallTwo_answersTheSecondCallFirst() async throws {
    let (afterSecond, afterFirst, calls) = try await ReleaseByOrdinalScenario.answerTheSecondFirst()
    XCTAssertEqual(afterSecond, ["second"])
    XCTAssertEqual(afterFirst, ["second", "first"])
    XCTAssertEqual(calls, 2)
  }

  func testReleasingACallThatIsNotHeld_isReported() async {
    let auth = MockAuthService()
    let issues = await withIssueCollector { auth.release(.login, call: 1) }
    XCTAssertEqual(issues.count, 1)
    XCTAssertTrue(
      issues.first?.message.contains("call #1 of login is not held (no call of login is held")
        == true)
  }
}
