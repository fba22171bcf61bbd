import NapkinMutex
import Testing

@testable import NapkinTesting

/// The one store of issues found where no test could take them.
@Suite struct KeptIssuesTests {
  private final class Anchor: Sendable {}

  private static func issue(_ message: String) -> NapkinIssue {
    NapkinIssue(message, at: CallSite(fileID: "M/F.swift", filePath: #filePath, line: 1, column: 1))
  }

  @Test func keptForAnAnchor_isTakenOnceForThatAnchorOnly() {
    let first = Anchor()
    let second = Anchor()
    KeptIssues.keep(Self.issue("first"), for: first, in: nil)
    KeptIssues.keep(Self.issue("second"), for: second, in: nil)

    #expect(KeptIssues.take(for: [ObjectIdentifier(first)]).map(\.message) == ["first"])
    #expect(KeptIssues.take(for: [ObjectIdentifier(first)]).isEmpty)
    #expect(KeptIssues.take(for: [ObjectIdentifier(second)]).map(\.message) == ["second"])
  }

  @Test func keptInAScope_isTakenByThatScope_whateverItsAnchor() {
    let scope = TestScope()
    let other = TestScope()
    let anchor = Anchor()
    KeptIssues.keep(Self.issue("in scope"), for: anchor, in: scope)
    KeptIssues.keep(Self.issue("elsewhere"), for: anchor, in: other)

    #expect(KeptIssues.take(in: scope).map(\.message) == ["in scope"])
    #expect(KeptIssues.take(in: other).map(\.message) == ["elsewhere"])
    #expect(KeptIssues.take(for: [ObjectIdentifier(anchor)]).isEmpty)
  }

  @Test func anEntryWhoseAnchorAndScopeAreGone_isDropped() {
    var anchor: Anchor? = Anchor()
    let id = ObjectIdentifier(anchor!)
    KeptIssues.keep(Self.issue("orphan"), for: anchor!, in: nil)
    anchor = nil
    // Any take sweeps it; a new object at the same address then finds nothing.
    _ = KeptIssues.take(for: [])
    #expect(KeptIssues.take(for: [id]).isEmpty)
  }

  @Test func anIssueKeptOffTheTestsTask_byAnObjectReleasedBeforeTheEnd_isReportedByTheChecks()
    async
  {
    await withKnownIssue {
      await withNapkinChecks {
        let box = Mutex<Stub<Int>?>(Stub(label: "token"))
        // Off every test's task: the issue is kept, and the stub, last held there, is released
        // there too; its kept issue passes to the scope.
        let released = await Task.detached {
          weak var released: Stub<Int>?
          do {
            let stub = box.withLock { stub in
              defer { stub = nil }
              return stub!
            }
            released = stub
            _ = try? stub.get()
          }
          return released == nil
        }.value
        #expect(released)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unstubbed call: token") }
    }
  }

  /// An anchor that, like an ``IssueOwner``, takes what was kept for it when it goes away.
  private final class TakingAnchor: Sendable {
    deinit { _ = KeptIssues.take(for: [ObjectIdentifier(self)]) }
  }

  /// Reading an entry's weak anchor makes a strong reference for a moment; if another thread
  /// drops the anchor's last one meanwhile, the anchor goes away when that moment ends. That must
  /// not be under the store's lock: the anchor's own `take` would wait for it forever. Found by
  /// `make flake` as a hung run (every thread waiting on the lock, one of them inside it).
  // About 3 s in a debug build; the limit leaves room for the thread sanitizer's slower one.
  @Test(.timeLimit(.minutes(3)))
  func anAnchorGoingAwayWhileTheStoreReadsIt_takesItsIssues_withoutDeadlock() async {
    let scope = TestScope()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask {
          for round in 0..<100_000 {
            let anchor = TakingAnchor()
            KeptIssues.keep(Self.issue("round \(round)"), for: anchor, in: scope)
          }
        }
      }
      group.addTask {
        for _ in 0..<100_000 { _ = KeptIssues.take(in: TestScope()) }
      }
    }
    // Every anchor took its issue as it went away.
    #expect(KeptIssues.take(in: scope).isEmpty)
  }
}
