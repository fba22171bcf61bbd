import NapkinTesting
import Testing

private enum SessionMethod: Hashable, Sendable { case fetchPage, signOut, clear }

/// A mock mixing throwing, non-throwing async and synchronous methods.
private final class MockSession: MockService {
  let mock = MockServiceCore<SessionMethod>("MockSession")

  func fetchPage() async throws -> Int {
    try await throwIfFailing(.fetchPage)
    return 1
  }

  func signOut() async { await recordCall(.signOut) }
  func clear() { recordCall(.clear) }
}

@Suite struct MockServiceAdditionsTests {
  @Test func failNextAfter_letsTheFirstCallsSucceedThenFails() async {
    let session = MockSession()
    session.failNext(1, of: .fetchPage, after: 2)

    var outcomes: [Bool] = []
    for _ in 0..<4 {
      outcomes.append((try? await session.fetchPage()) != nil)
    }

    #expect(outcomes == [true, true, false, true])
    #expect(session.calls == [.fetchPage, .fetchPage, .fetchPage, .fetchPage])
  }

  @Test func failNextAfter_negativeSuccesses_reportsMisuse() async {
    let session = MockSession()
    let issues = await withIssueCollector {
      session.failNext(1, of: .fetchPage, after: -1)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("not negative") == true)
    #expect(session.upcomingFailures(of: .fetchPage) == 0)
  }

  @Test func upcomingFailures_countsOnlyQueuedFailures() {
    let session = MockSession()
    session.failNext(2, of: .fetchPage, after: 3)
    #expect(session.upcomingFailures(of: .fetchPage) == 2)
  }

  @Test func recordCall_logsANonThrowingMethod_andWaitsWhileHeld() async {
    let session = MockSession()
    session.hold(.signOut)
    let signOut = Task { await session.signOut() }

    #expect(await session.waitUntilHeld(.signOut))
    #expect(session.heldCount(of: .signOut) == 1)
    session.release(.signOut)
    await signOut.value

    #expect(session.heldCount(of: .signOut) == 0)
    #expect(session.calls == [.signOut])
  }

  @Test func recordCall_heldCallCancelled_returnsQuietly() async {
    let session = MockSession()
    session.hold(.signOut)
    let signOut = Task { await session.signOut() }
    await session.waitUntilHeld(.signOut)

    signOut.cancel()
    await signOut.value

    #expect(session.heldCount(of: .signOut) == 0)
    #expect(session.calls == [.signOut])
  }

  @Test func recordCall_onAMethodSetToFail_reportsMisuse() async {
    let session = MockSession()
    session.failingMethods = [.signOut, .clear]
    let issues = await withIssueCollector {
      await session.signOut()
      session.clear()
    }
    #expect(issues.count == 2)
    #expect(issues.allSatisfy { $0.message.contains("cannot throw") })
    #expect(session.calls == [.signOut, .clear])
  }

  @Test func heldCallNeverReleased_isReleasedAtItsTimeout_andReported() async throws {
    let session = MockSession()
    var page: Int?
    let issues = try await withIssueCollector {
      session.hold(.fetchPage, timeout: .milliseconds(20))
      page = try await session.fetchPage()
    }
    #expect(page != nil)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("neither released nor cancelled") == true)
    #expect(issues.first?.site.fileID.hasSuffix("MockServiceAdditionsTests.swift") == true)
    _ = session.calls.count
  }

  @Test func heldCallNeverReleased_failsTheSwiftTestingTest() async throws {
    let session = MockSession()
    await withKnownIssue {
      session.hold(.fetchPage, timeout: .milliseconds(20))
      _ = try await session.fetchPage()
    }
    _ = session.calls.count
  }

  @Test func recorder_equalsTheExpectedCallList() {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    recorder.record(2)

    #expect(recorder == [1, 2])
    #expect(recorder != [2, 1])
    #expect(recorder != [1])
  }

  @Test func recorder_describesItsLabelAndCalls() {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    recorder.record(2)
    #expect("\(recorder)" == "numbers: [1, 2]")
  }

  @Test func describingARecorder_doesNotCountAsAsserting() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let recorder = CallRecorder<Int>("numbers")
        recorder.record(1)
        _ = "\(recorder)"
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("numbers recorded 1 call") == true)
  }
}
