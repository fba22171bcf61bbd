import NapkinTesting
import Testing

/// The Swift Testing probes of the "nothing is lost" matrix: each test makes one kind of toolkit
/// failure arise in one place (see `MatrixProbe`). They run only in a child process started by
/// `NothingLostMatrixTests`, which checks where each failure was reported.
///
/// Serialized, so they run in source order: the last one lets the work the `afterEnd` probes left
/// running fail, after their tests ended.
@Suite(.serialized, .enabled(if: runsProbes)) struct NothingLostMatrixProbes {
  @Test func timeout_test() async {
    await MatrixProbe.run(.timeout, in: .test, for: .swiftTesting)
  }

  @Test func timeout_childTask() async {
    await MatrixProbe.run(.timeout, in: .childTask, for: .swiftTesting)
  }

  @Test func timeout_task() async {
    await MatrixProbe.run(.timeout, in: .task, for: .swiftTesting)
  }

  @Test func timeout_detached() async {
    await MatrixProbe.run(.timeout, in: .detached, for: .swiftTesting)
  }

  @Test func timeout_afterEnd() async {
    await MatrixProbe.run(.timeout, in: .afterEnd, for: .swiftTesting)
  }

  @Test func unstubbed_test() async {
    await MatrixProbe.run(.unstubbed, in: .test, for: .swiftTesting)
  }

  @Test func unstubbed_childTask() async {
    await MatrixProbe.run(.unstubbed, in: .childTask, for: .swiftTesting)
  }

  @Test func unstubbed_task() async {
    await MatrixProbe.run(.unstubbed, in: .task, for: .swiftTesting)
  }

  @Test func unstubbed_detached() async {
    await MatrixProbe.run(.unstubbed, in: .detached, for: .swiftTesting)
  }

  @Test func unstubbed_afterEnd() async {
    await MatrixProbe.run(.unstubbed, in: .afterEnd, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func heldAtEnd_test() async {
    await MatrixProbe.run(.heldAtEnd, in: .test, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func heldAtEnd_childTask() async {
    await MatrixProbe.run(.heldAtEnd, in: .childTask, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func heldAtEnd_task() async {
    await MatrixProbe.run(.heldAtEnd, in: .task, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func heldAtEnd_detached() async {
    await MatrixProbe.run(.heldAtEnd, in: .detached, for: .swiftTesting)
  }

  @Test func leak_test() async {
    await MatrixProbe.run(.leak, in: .test, for: .swiftTesting)
  }

  @Test func leak_childTask() async {
    await MatrixProbe.run(.leak, in: .childTask, for: .swiftTesting)
  }

  @Test func leak_task() async {
    await MatrixProbe.run(.leak, in: .task, for: .swiftTesting)
  }

  @Test func leak_detached() async {
    await MatrixProbe.run(.leak, in: .detached, for: .swiftTesting)
  }

  @Test func leak_afterEnd() async {
    await MatrixProbe.run(.leak, in: .afterEnd, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func leakAtEnd_test() async {
    await MatrixProbe.run(.leakAtEnd, in: .test, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func leakAtEnd_childTask() async {
    await MatrixProbe.run(.leakAtEnd, in: .childTask, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func leakAtEnd_task() async {
    await MatrixProbe.run(.leakAtEnd, in: .task, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func leakAtEnd_detached() async {
    await MatrixProbe.run(.leakAtEnd, in: .detached, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func leakAtEnd_afterEnd() async {
    await MatrixProbe.run(.leakAtEnd, in: .afterEnd, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func strict_test() async {
    await MatrixProbe.run(.strict, in: .test, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func strict_childTask() async {
    await MatrixProbe.run(.strict, in: .childTask, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func strict_task() async {
    await MatrixProbe.run(.strict, in: .task, for: .swiftTesting)
  }

  @Test(.napkinChecks(strict: true)) func strict_detached() async {
    await MatrixProbe.run(.strict, in: .detached, for: .swiftTesting)
  }

  @Test func misuse_test() async {
    await MatrixProbe.run(.misuse, in: .test, for: .swiftTesting)
  }

  @Test func misuse_childTask() async {
    await MatrixProbe.run(.misuse, in: .childTask, for: .swiftTesting)
  }

  @Test func misuse_task() async {
    await MatrixProbe.run(.misuse, in: .task, for: .swiftTesting)
  }

  @Test func misuse_detached() async {
    await MatrixProbe.run(.misuse, in: .detached, for: .swiftTesting)
  }

  @Test func misuse_afterEnd() async {
    await MatrixProbe.run(.misuse, in: .afterEnd, for: .swiftTesting)
  }

  @Test func zz_runLeftovers() async {
    await Leftovers.swiftTesting.runAfterTheirTestsEnded()
  }
}
