import NapkinTesting
import XCTest

/// One held call released by its ordinal, from XCTest.
final class XCTestReleaseByOrdinalTests: XCTestCase {
  func testReleaseCallTwo_answersTheSecondCallFirst() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    let finished = CallRecorder<String>("finished")
    auth.hold(.login)
    let first = Task {
      _ = try await auth.login()
      finished.record("first")
    }
    await auth.waitUntilHeld(.login)
    let second = Task {
      _ = try await auth.login()
      finished.record("second")
    }
    await auth.waitUntilHeld(.login, count: 2)

    auth.release(.login, call: 2)
    try await second.value
    XCTAssertEqual(finished.all, ["second"])
    auth.release(.login, call: 1)
    try await first.value
    XCTAssertEqual(finished.all, ["second", "first"])
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
