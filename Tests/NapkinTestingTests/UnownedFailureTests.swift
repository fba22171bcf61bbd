import NapkinTesting
import Testing

/// Failures no test can own must fail the run: each probe runs in a child process of this test
/// binary, whose exit status and output are checked.
///
/// Serialized, and waiting without blocking a thread: a child test process is heavy (under
/// `make tsan` it takes seconds to start), and the rest of the suite runs meanwhile.
@Suite(.serialized) struct UnownedFailureTests {
  @Test func recorderCreatedInADetachedTask_failsTheRun() async throws {
    let run = try await ProbeRun.swiftTesting("detachedRecorderTimeout")
    #expect(run.status != 0)
    #expect(run.output.contains("No test owns this issue"))
    #expect(run.output.contains("Timed out"))
  }

  @Test func failureAfterTheChecksEnded_failsTheRunNamingWhereTheObjectWasCreated() async throws {
    let run = try await ProbeRun.swiftTesting("recorderWaitAfterItsChecksEnded")
    #expect(run.status != 0)
    #expect(run.output.contains("No test owns this issue"))
    #expect(
      run.output.contains("by an object created at NapkinTestingTests/NothingLostProbes.swift"))
  }

  @Test func settleTimeoutOnADetachedTask_failsTheRun() async throws {
    let run = try await ProbeRun.swiftTesting("settleTimeoutOnADetachedTask")
    #expect(run.status != 0)
    #expect(run.output.contains("No test owns this issue"))
    #expect(run.output.contains("settle(StuckInteractor) timed out"))
  }

  @Test func endOfTestChecksOnADetachedTask_failTheRun() async throws {
    let run = try await ProbeRun.swiftTesting("checksEndingOnADetachedTask")
    #expect(run.status != 0)
    #expect(run.output.contains("Strict checks: unread recorded 1 call"))
  }

  @Test func xcTestFailureAfterItsTestEnded_failsTheRunNotTheNextTest() async throws {
    let run = try await ProbeRun.xcTest("NothingLostXCTestProbes")
    #expect(run.status != 0)
    #expect(run.output.contains("test_2_innocent' passed"))
    #expect(run.output.contains("no test owns this issue"))
    #expect(run.output.contains("Unstubbed call: leaked"))
  }
}
