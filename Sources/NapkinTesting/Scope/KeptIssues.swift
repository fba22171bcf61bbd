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
    /// Tells the entry apart from others kept for the same anchor.
    let id: UInt64
    let anchor: ObjectIdentifier
    weak var anchorObject: (any AnyObject & Sendable)?
    weak var scope: TestScope?
    let issue: NapkinIssue
  }

  private static let entries = Mutex<[Entry]>([])
  /// The next entry's ``Entry/id``.
  private static let nextID = Atomic<UInt64>(0)
  /// Whether `entries` holds anything; written under its lock, read without it.
  private static let hasEntries = Atomic<Bool>(false)

  /// Whether nothing is kept, read without the lock.
  static var isEmpty: Bool { !hasEntries.load(ordering: .acquiring) }

  /// Keeps `issue` for `anchor`, arisen in `scope`.
  static func keep(
    _ issue: NapkinIssue, for anchor: any AnyObject & Sendable, in scope: TestScope?
  ) {
    let entry = Entry(
      id: nextID.add(1, ordering: .relaxed).oldValue, anchor: ObjectIdentifier(anchor),
      anchorObject: anchor, scope: scope, issue: issue)
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

  /// Removes and returns the issues of the entries `matching` accepts; drops the entries whose
  /// anchor and scope are both gone.
  ///
  /// The entries are read outside the lock, from a copy: reading a weak reference makes a strong
  /// one for a moment, and if another thread drops the object's last reference meanwhile, the
  /// object goes away when that moment ends; an anchor going away takes its own issues here, and
  /// would wait for the lock forever if it went away under it.
  private static func take(matching: (Entry) -> Bool) -> [NapkinIssue] {
    let snapshot = entries.withLock { $0 }
    var matched: Set<UInt64> = []
    var gone: Set<UInt64> = []
    for entry in snapshot {
      if matching(entry) {
        matched.insert(entry.id)
      } else if entry.anchorObject == nil && entry.scope == nil {
        gone.insert(entry.id)
      }
    }
    guard !matched.isEmpty || !gone.isEmpty else { return [] }
    return entries.withLock { entries in
      // An entry another caller took meanwhile is no longer here, and is not taken twice.
      var taken: [NapkinIssue] = []
      entries.removeAll { entry in
        if matched.contains(entry.id) {
          taken.append(entry.issue)
          return true
        }
        return gone.contains(entry.id)
      }
      hasEntries.store(!entries.isEmpty, ordering: .releasing)
      return taken
    }
  }
}
