import Foundation
import NapkinTesting
import Testing
import XCTest

/// Whether this process was started by ``ProbeRun`` to run the probes below.
let runsProbes = ProcessInfo.processInfo.environment["NAPKIN_RUN_PROBES"] == "1"

/// Misuses whose failures no test can own: each must make its own run fail. They run only in a
/// child process started by `NothingLostTests`, which checks the exit status and output.
@Suite(.enabled(if: runsProbes)) struct NothingLostProbes {
  @Test func detachedRecorderTimeout() async {
    _ = await Task.detached {
      await CallRecorder<String>("R").waitForCalls(count: 1, timeout: .milliseconds(20))
    }.value
  }

  @Test func settleTimeoutOnADetachedTask() async {
    let sut = StuckInteractor()
    await sut.activate()
    _ = await Task.detached { await settle(sut, timeout: .milliseconds(20)) }.value
    await sut.deactivate()
  }

  @Test func checksEndingOnADetachedTask() async {
    _ = await Task.detached {
      await withNapkinChecks(strict: true) { CallRecorder<Int>("unread").record(1) }
    }.value
  }

  @Test func recorderWaitAfterItsChecksEnded() async {
    let recorder = await withNapkinChecks { CallRecorder<Int>("late", exhaustive: false) }
    _ = await Task.detached {
      await recorder.waitForCalls(count: 1, timeout: .milliseconds(20))
    }.value
  }
}

/// Opens when the second XCTest probe starts, so the first one's work fails during it.
private let laterTestStarted = Gate()
/// Opens once that work has failed.
private let leftoverDone = Gate()

/// XCTest probes: work left running by the first test fails while the second runs.
final class NothingLostXCTestProbes: XCTestCase {
  func test_1_leavesWorkRunning() throws {
    try XCTSkipUnless(runsProbes)
    let stub = Stub<Int>(label: "leaked")
    Task.detached {
      await laterTestStarted.wait()
      _ = try? stub.get()
      leftoverDone.open()
    }
  }

  func test_2_innocent() async throws {
    try XCTSkipUnless(runsProbes)
    laterTestStarted.open()
    await leftoverDone.wait()
  }
}
