import NapkinTesting
import XCTest

final class XCTestRecorderTests: XCTestCase {
  func testWaitForCalls_returnsWhenCallsArriveFromAnotherTask() async {
    let recorder = CallRecorder<Int>("numbers")
    let producer = Task.detached {
      recorder.record(1)
      recorder.record(2)
    }
    let arrived = await recorder.waitForCalls(count: 2, timeout: .seconds(10))
    XCTAssertTrue(arrived)
    XCTAssertEqual(recorder.all, [1, 2])
    await producer.value
  }

  func testWaitForCall_returnsWithoutWaitingForTimeout() async {
    let recorder = CallRecorder<String>("names")
    let producer = Task.detached { recorder.record("login") }
    // Had the wait run out its timeout it would return false; no wall-clock bound is needed.
    let arrived = await recorder.waitForCall("login", timeout: .seconds(10))
    XCTAssertTrue(arrived)
    await producer.value
  }

  func testWaitForCalls_timeout_isCollectedWithTheCallsSoFar() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    let issues = await withIssueCollector {
      await recorder.waitForCalls(count: 2, timeout: .milliseconds(20))
    }
    XCTAssertEqual(issues.count, 1)
    XCTAssertTrue(issues.first?.message.contains("1 recorded: [1]") ?? false)
  }

  func testRecord_fromManyTasks_losesNothing() async {
    let recorder = CallRecorder<Int>("numbers")
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<20 {
        group.addTask {
          for value in 0..<100 { recorder.record(task * 100 + value) }
        }
      }
    }
    XCTAssertEqual(recorder.count, 2_000)
    XCTAssertEqual(Set(recorder.all).count, 2_000)
  }
}
