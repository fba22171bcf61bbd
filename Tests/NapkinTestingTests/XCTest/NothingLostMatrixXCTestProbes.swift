import NapkinTesting
import XCTest

/// The plain `XCTestCase` probes of the "nothing is lost" matrix: each test makes one kind of
/// toolkit failure arise in one place (see `MatrixProbe`), under `withNapkinChecks(strict: true)`
/// for the kinds that need checks. They run only in a child process started by
/// `NothingLostMatrixTests`, which checks where each failure was reported.
///
/// XCTest runs them in name order: the last one lets the work the `afterEnd` probes left running
/// fail, after their tests ended.
final class NothingLostMatrixXCTestProbes: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(runsProbes)
  }

  func test_timeout_test() async {
    await MatrixProbe.run(.timeout, in: .test, for: .xcTest)
  }

  func test_timeout_childTask() async {
    await MatrixProbe.run(.timeout, in: .childTask, for: .xcTest)
  }

  func test_timeout_task() async {
    await MatrixProbe.run(.timeout, in: .task, for: .xcTest)
  }

  func test_timeout_detached() async {
    await MatrixProbe.run(.timeout, in: .detached, for: .xcTest)
  }

  func test_timeout_afterEnd() async {
    await MatrixProbe.run(.timeout, in: .afterEnd, for: .xcTest)
  }

  func test_unstubbed_test() async {
    await MatrixProbe.run(.unstubbed, in: .test, for: .xcTest)
  }

  func test_unstubbed_childTask() async {
    await MatrixProbe.run(.unstubbed, in: .childTask, for: .xcTest)
  }

  func test_unstubbed_task() async {
    await MatrixProbe.run(.unstubbed, in: .task, for: .xcTest)
  }

  func test_unstubbed_detached() async {
    await MatrixProbe.run(.unstubbed, in: .detached, for: .xcTest)
  }

  func test_unstubbed_afterEnd() async {
    await MatrixProbe.run(.unstubbed, in: .afterEnd, for: .xcTest)
  }

  func test_heldAtEnd_test() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.heldAtEnd, in: .test, for: .xcTest)
    }
  }

  func test_heldAtEnd_childTask() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.heldAtEnd, in: .childTask, for: .xcTest)
    }
  }

  func test_heldAtEnd_task() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.heldAtEnd, in: .task, for: .xcTest)
    }
  }

  func test_heldAtEnd_detached() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.heldAtEnd, in: .detached, for: .xcTest)
    }
  }

  func test_leak_test() async {
    await MatrixProbe.run(.leak, in: .test, for: .xcTest)
  }

  func test_leak_childTask() async {
    await MatrixProbe.run(.leak, in: .childTask, for: .xcTest)
  }

  func test_leak_task() async {
    await MatrixProbe.run(.leak, in: .task, for: .xcTest)
  }

  func test_leak_detached() async {
    await MatrixProbe.run(.leak, in: .detached, for: .xcTest)
  }

  func test_leak_afterEnd() async {
    await MatrixProbe.run(.leak, in: .afterEnd, for: .xcTest)
  }

  func test_leakAtEnd_test() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.leakAtEnd, in: .test, for: .xcTest)
    }
  }

  func test_leakAtEnd_childTask() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.leakAtEnd, in: .childTask, for: .xcTest)
    }
  }

  func test_leakAtEnd_task() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.leakAtEnd, in: .task, for: .xcTest)
    }
  }

  func test_leakAtEnd_detached() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.leakAtEnd, in: .detached, for: .xcTest)
    }
  }

  func test_leakAtEnd_afterEnd() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.leakAtEnd, in: .afterEnd, for: .xcTest)
    }
  }

  func test_strict_test() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.strict, in: .test, for: .xcTest)
    }
  }

  func test_strict_childTask() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.strict, in: .childTask, for: .xcTest)
    }
  }

  func test_strict_task() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.strict, in: .task, for: .xcTest)
    }
  }

  func test_strict_detached() async {
    await withNapkinChecks(strict: true) {
      await MatrixProbe.run(.strict, in: .detached, for: .xcTest)
    }
  }

  func test_misuse_test() async {
    await MatrixProbe.run(.misuse, in: .test, for: .xcTest)
  }

  func test_misuse_childTask() async {
    await MatrixProbe.run(.misuse, in: .childTask, for: .xcTest)
  }

  func test_misuse_task() async {
    await MatrixProbe.run(.misuse, in: .task, for: .xcTest)
  }

  func test_misuse_detached() async {
    await MatrixProbe.run(.misuse, in: .detached, for: .xcTest)
  }

  func test_misuse_afterEnd() async {
    await MatrixProbe.run(.misuse, in: .afterEnd, for: .xcTest)
  }

  func test_zz_runLeftovers() async {
    await Leftovers.xcTest.runAfterTheirTestsEnded()
  }
}

/// The `NapkinTestCase` probes of the "nothing is lost" matrix, with strict checks.
final class NothingLostMatrixNapkinTestCaseProbes: NapkinTestCase {
  override var napkinChecksAreStrict: Bool { true }

  override func setUpWithError() throws {
    try XCTSkipUnless(runsProbes)
  }

  func test_timeout_test() async {
    await MatrixProbe.run(.timeout, in: .test, for: .napkinTestCase)
  }

  func test_timeout_childTask() async {
    await MatrixProbe.run(.timeout, in: .childTask, for: .napkinTestCase)
  }

  func test_timeout_task() async {
    await MatrixProbe.run(.timeout, in: .task, for: .napkinTestCase)
  }

  func test_timeout_detached() async {
    await MatrixProbe.run(.timeout, in: .detached, for: .napkinTestCase)
  }

  func test_timeout_afterEnd() async {
    await MatrixProbe.run(.timeout, in: .afterEnd, for: .napkinTestCase)
  }

  func test_unstubbed_test() async {
    await MatrixProbe.run(.unstubbed, in: .test, for: .napkinTestCase)
  }

  func test_unstubbed_childTask() async {
    await MatrixProbe.run(.unstubbed, in: .childTask, for: .napkinTestCase)
  }

  func test_unstubbed_task() async {
    await MatrixProbe.run(.unstubbed, in: .task, for: .napkinTestCase)
  }

  func test_unstubbed_detached() async {
    await MatrixProbe.run(.unstubbed, in: .detached, for: .napkinTestCase)
  }

  func test_unstubbed_afterEnd() async {
    await MatrixProbe.run(.unstubbed, in: .afterEnd, for: .napkinTestCase)
  }

  func test_heldAtEnd_test() async {
    await MatrixProbe.run(.heldAtEnd, in: .test, for: .napkinTestCase)
  }

  func test_heldAtEnd_childTask() async {
    await MatrixProbe.run(.heldAtEnd, in: .childTask, for: .napkinTestCase)
  }

  func test_heldAtEnd_task() async {
    await MatrixProbe.run(.heldAtEnd, in: .task, for: .napkinTestCase)
  }

  func test_heldAtEnd_detached() async {
    await MatrixProbe.run(.heldAtEnd, in: .detached, for: .napkinTestCase)
  }

  func test_leak_test() async {
    await MatrixProbe.run(.leak, in: .test, for: .napkinTestCase)
  }

  func test_leak_childTask() async {
    await MatrixProbe.run(.leak, in: .childTask, for: .napkinTestCase)
  }

  func test_leak_task() async {
    await MatrixProbe.run(.leak, in: .task, for: .napkinTestCase)
  }

  func test_leak_detached() async {
    await MatrixProbe.run(.leak, in: .detached, for: .napkinTestCase)
  }

  func test_leak_afterEnd() async {
    await MatrixProbe.run(.leak, in: .afterEnd, for: .napkinTestCase)
  }

  func test_leakAtEnd_test() async {
    await MatrixProbe.run(.leakAtEnd, in: .test, for: .napkinTestCase)
  }

  func test_leakAtEnd_childTask() async {
    await MatrixProbe.run(.leakAtEnd, in: .childTask, for: .napkinTestCase)
  }

  func test_leakAtEnd_task() async {
    await MatrixProbe.run(.leakAtEnd, in: .task, for: .napkinTestCase)
  }

  func test_leakAtEnd_detached() async {
    await MatrixProbe.run(.leakAtEnd, in: .detached, for: .napkinTestCase)
  }

  func test_leakAtEnd_afterEnd() async {
    await MatrixProbe.run(.leakAtEnd, in: .afterEnd, for: .napkinTestCase)
  }

  func test_strict_test() async {
    await MatrixProbe.run(.strict, in: .test, for: .napkinTestCase)
  }

  func test_strict_childTask() async {
    await MatrixProbe.run(.strict, in: .childTask, for: .napkinTestCase)
  }

  func test_strict_task() async {
    await MatrixProbe.run(.strict, in: .task, for: .napkinTestCase)
  }

  func test_strict_detached() async {
    await MatrixProbe.run(.strict, in: .detached, for: .napkinTestCase)
  }

  func test_misuse_test() async {
    await MatrixProbe.run(.misuse, in: .test, for: .napkinTestCase)
  }

  func test_misuse_childTask() async {
    await MatrixProbe.run(.misuse, in: .childTask, for: .napkinTestCase)
  }

  func test_misuse_task() async {
    await MatrixProbe.run(.misuse, in: .task, for: .napkinTestCase)
  }

  func test_misuse_detached() async {
    await MatrixProbe.run(.misuse, in: .detached, for: .napkinTestCase)
  }

  func test_misuse_afterEnd() async {
    await MatrixProbe.run(.misuse, in: .afterEnd, for: .napkinTestCase)
  }

  func test_zz_runLeftovers() async {
    await Leftovers.napkinTestCase.runAfterTheirTestsEnded()
  }
}
