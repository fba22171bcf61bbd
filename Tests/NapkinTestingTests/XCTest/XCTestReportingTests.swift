import NapkinTesting
import XCTest

/// NapkinTesting reports through XCTest when no Swift Testing test runs.
final class XCTestReportingTests: XCTestCase {
  private let captured = CapturedFailures()

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if captured.capture(description) { return }
    super.recordFailure(
      withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }

  func testCollector_receivesIssuesInsteadOfXCTest() async {
    let stub = Stub<Int>(label: "answer")
    let recorder = CallRecorder<Int>("numbers")
    captured.start()
    let issues = await withIssueCollector {
      _ = try? stub.get()
      await recorder.waitForCalls(count: 1, timeout: .milliseconds(10))
    }
    XCTAssertEqual(captured.stop(), [])
    XCTAssertEqual(issues.count, 2)
    XCTAssertTrue(issues.first?.message.contains("Unstubbed call: answer") ?? false)
    XCTAssertTrue(issues.last?.message.contains("Timed out") ?? false)
  }

  func testTimeout_failsTheXCTestThroughXCTFail() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    captured.start()
    let result = await recorder.waitForCalls(count: 2, timeout: .milliseconds(10))
    let failures = captured.stop()
    XCTAssertFalse(result)
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("1 recorded: [1]") ?? false, "\(failures)")
  }

  func testUnstubbedCall_failsTheXCTestThroughXCTFail() {
    let stub = Stub<Int>(label: "answer")
    captured.start()
    XCTAssertThrowsError(try stub.get())
    let failures = captured.stop()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("Unstubbed call: answer") ?? false)
  }

  func testIssueOnADetachedTask_failsTheXCTest() async {
    let stub = Stub<Int>(label: "answer")
    captured.start()
    _ = await Task.detached { try? stub.get() }.value
    _ = stub.get(default: 0)
    let failures = captured.stop()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("Unstubbed call: answer") ?? false)
  }

  func testMisuseOutsideAScope_failsTheXCTest() {
    captured.start()
    expectDeallocatedAtEnd(MockInteractor())
    let failures = captured.stop()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("was called outside withNapkinChecks") ?? false)
  }

  func testWithNapkinChecks_reportsThroughXCTest() async {
    let leaked = MockInteractor()
    captured.start()
    await withNapkinChecks {
      expectDeallocatedAtEnd(leaked)
    }
    let failures = captured.stop()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("was not deallocated") ?? false)
    withExtendedLifetime(leaked) {}
  }
}
