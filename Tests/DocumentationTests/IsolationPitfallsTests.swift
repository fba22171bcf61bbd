// The code of Docs/NapkinTesting.docc/IsolationPitfalls.md: default-MainActor isolation, which
// test framework sees an issue, and issues found on detached tasks.

import NapkinTesting
import Testing
import XCTest

// MARK: - The default-MainActor trap

extension Array {
  /// Splits the array into chunks of `size` elements; the last chunk may be shorter.
  nonisolated func chunked(into size: Int) -> [[Element]] {
    precondition(size > 0, "chunked(into:) size must be at least 1")
    return stride(from: 0, to: count, by: size).map { start in
      Array(self[start..<Swift.min(start + size, count)])
    }
  }
}

@MainActor
@Suite struct ChunkedHelperTests {
  @Test func remainder_goesInAShorterLastChunk() {
    #expect([1, 2, 3, 4, 5].chunked(into: 2) == [[1, 2], [3, 4], [5]])
  }
}

@Suite struct ChunkedHelperOffMainTests {
  @Test func fromADetachedTask_doesNotTrap() async {
    let chunks = await Task.detached { [1, 2, 3].chunked(into: 2) }.value

    #expect(chunks == [[1, 2], [3]])
  }
}

// MARK: - Which framework sees the issue

@Suite struct IssueRoutingTests {
  @Test func aToolkitFailureInATest_isASwiftTestingIssue() async {
    let calls = CallRecorder<String>("MockPresenter")
    calls.record("presentSignedOut")

    await withKnownIssue {
      await calls.waitForCall("presentSignedIn", timeout: .milliseconds(10))
    }
  }

  @Test func testCurrent_isInheritedByTasksButNotByDetachedTasks() async {
    let inTask = await Task { Test.current != nil }.value
    let inDetachedTask = await Task.detached { Test.current != nil }.value

    #expect(inTask)
    #expect(!inDetachedTask)
  }

  @Test func aMistakeOnADetachedTask_isReportedByTheEndOfTestChecks() async {
    await withKnownIssue {
      await withNapkinChecks {
        let signInResult = Stub<Profile>(label: "signInResult")
        let profile = await Task.detached { try? signInResult.get() }.value
        #expect(profile == nil)
      }
    }
  }

  @Test func aTimeoutOnADetachedTask_isReportedAtTheRecordersNextRead() async {
    let calls = CallRecorder<String>("MockPresenter")
    _ = await Task.detached { await calls.waitForCalls(count: 1, timeout: .milliseconds(10)) }.value

    withKnownIssue {
      #expect(calls == [])  // this read, on the test's task, reports the kept timeout
    }
  }
}

nonisolated final class AccountNapkinInteractorXCTests: XCTestCase {
  func testSignIn_presentsTheProfile() async {
    let john = Profile(id: 123, name: "John Doe", email: "john@example.com")
    let auth = MockAuthManager()
    auth.signInResult.value = john
    let presenter = MockAccountPresenter()
    let sut = AccountNapkinInteractor(
      presenter: presenter, auth: auth, session: MockSessionManager())
    await sut.activate()

    await sut.didTapSignIn()

    // A timeout here is an XCTest failure at this line, listing the calls recorded.
    await presenter.calls.waitForCall(.presentSignedIn(john))
    XCTAssertEqual(auth.calls.all, [.signIn])
  }
}
