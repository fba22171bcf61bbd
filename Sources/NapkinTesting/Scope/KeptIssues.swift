import NapkinMutex

/// The one store of issues found where no test could take them, kept until a task that can
/// reports them.
///
/// An issue found off its test's task (a mock called from a detached task, a settle proved wrong
/// by a resumption from outside) is kept here under the object it concerns (its `anchor`: the
/// object's ``IssueOwner``, or a lifecycle a settle vouched for) and the test scope it arose in.
/// The anchor's next use from the test's task reports what was kept for it; the scope's
/// end-of-test check takes the rest. An entry whose anchor and scope are both gone is dropped:
/// nothing could report it any more.
///
/// Isolation: `Sendable`; the entries are behind a lock, and ``isEmpty`` is one atomic load, so
/// the common case (nothing kept) costs no lock.
enum KeptIssues {
  private struct Entry: Sendable {
    let anchor: ObjectIdentifier
    weak var anchorObject: (any AnyObject & Sendable)?
    weak var scope: TestScope?
    let issue: NapkinIssue
  }

  private static let entries = Mutex<[Entry]>([])
  /// Whether `entries` holds anything; written under its lock, read without it.
  private static let hasEntries = Atomic<Bool>(false)

  /// Whether nothing is kept, read without the lock.
  static var isEmpty: Bool { !hasEntries.load(ordering: .acquiring) }

  /// Keeps `issue` for `anchor`, arisen in `scope`.
  static func keep(
    _ issue: NapkinIssue, for anchor: any AnyObject & Sendable, in scope: TestScope?
  ) {
    let entry = Entry(
      anchor: ObjectIdentifier(anchor), anchorObject: anchor, scope: scope, issue: issue)
    entries.withLock {
      $0.append(entry)
      hasEntries.store(true, ordering: .releasing)
    }
  }

  /// Removes and returns what was kept for any of `anchors`.
  static func take(for anchors: [ObjectIdentifier]) -> [NapkinIssue] {
    guard !isEmpty else { return [] }
    return take { anchors.contains($0.anchor) }
  }

  /// Removes and returns what was kept in `scope`, for its end-of-test check.
  static func take(in scope: TestScope) -> [NapkinIssue] {
    guard !isEmpty else { return [] }
    return take { $0.scope === scope }
  }

  private static func take(matching: (Entry) -> Bool) -> [NapkinIssue] {
    entries.withLock { entries in
      var taken: [NapkinIssue] = []
      entries.removeAll { entry in
        if matching(entry) {
          taken.append(entry.issue)
          return true
        }
        return entry.anchorObject == nil && entry.scope == nil
      }
      hasEntries.store(!entries.isEmpty, ordering: .releasing)
      return taken
    }
  }
}
