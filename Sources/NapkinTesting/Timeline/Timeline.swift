import NapkinMutex

/// The ordered transcript of one test: every call, held call, value sent and routing step the
/// toolkit objects created in that test recorded, in the order they happened.
///
/// Each test run inside the checks (``Testing/Trait/napkinChecks``,
/// ``withNapkinChecks(strict:timeout:isolation:fileID:filePath:line:column:_:)`` or a
/// ``NapkinTestCase``) has one. Every ``CallRecorder`` created in the test (and so every mock
/// presenter, listener, router and service) and every ``MockStream`` appends to it. Assert order
/// across mocks with ``expectInOrder(_:fileID:filePath:line:column:)``. A toolkit failure reported
/// to Swift Testing or XCTest ends with the last events, and the whole transcript is attached to
/// a Swift Testing test that failed.
///
/// Objects created outside a checked test record nothing here. Inside one, a recorded call costs
/// one atomic increment more: the recorder stamps each call with the timeline's next number under
/// its own lock, and the timeline merges every recorder's stamped calls when it is read.
///
/// Isolation: `Sendable`; the stamp is an atomic counter and the sources sit behind a `Mutex`.
///
/// ```swift
/// @Test(.napkinChecks) func login_callsTheServiceBeforePresenting() async {
///   // ...
///   expectInOrder(auth.calls.event(.login), presenter.calls.event(.presentUser(ada)))
/// }
/// ```
public final class Timeline: Sendable {
  /// How many of the last events a failure message shows.
  static let tailLength = 8

  /// What the timeline merges when it is read.
  private struct Sources {
    /// The logs of the recorders created in the test, with their labels, in creation order.
    var logs: [(storage: CallLogStorage, label: String)] = []
    /// What objects other than recorders appended (values sent on streams), stamped.
    var events: [(stamp: Int, source: String, value: any Sendable)] = []
  }

  /// The last stamp handed out; every recorded call and event takes the next one.
  private let lastStamp = Atomic<Int>(0)
  private let sources = Mutex(Sources())

  init() {}

  /// The timeline of the checked test running the current task, if any.
  public static var current: Timeline? { TestScope.owning?.timeline }

  /// Every event so far, in order.
  public var events: [TimelineEvent] {
    let (logs, appended) = sources.withLock { ($0.logs, $0.events) }
    var stamped: [(stamp: Int, event: Entry)] = appended.map {
      // A transition names its interactor now: the name may have been learnt after it.
      let source = ($0.value as? LifecycleEvent)?.source ?? $0.source
      return ($0.stamp, Entry(source: source, value: $0.value, recorder: nil, discarded: false))
    }
    for (storage, label) in logs {
      let calls = storage.state.withLock { $0.stamped }
      let id = ObjectIdentifier(storage)
      stamped += calls.map {
        ($0.stamp, Entry(source: label, value: $0.call, recorder: id, discarded: $0.discarded))
      }
    }
    stamped.sort { $0.stamp < $1.stamp }
    return stamped.enumerated().map { offset, entry in
      TimelineEvent(
        index: offset + 1, source: entry.event.source, value: entry.event.value,
        recorder: entry.event.recorder, isDiscarded: entry.event.discarded)
    }
  }

  /// One event before it is numbered.
  private struct Entry {
    let source: String
    let value: any Sendable
    let recorder: ObjectIdentifier?
    let discarded: Bool
  }

  /// Every event so far, one numbered line each.
  public var transcript: String {
    Self.lines(events)
  }

  /// The stamp of the next event: one more than any handed out before, on any thread.
  func nextStamp() -> Int {
    lastStamp.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Merges the calls of a recorder's log, labelled `label`, into the timeline.
  func register(_ storage: CallLogStorage, from label: String) {
    sources.withLock { $0.logs.append((storage, label)) }
  }

  /// Appends what `source` recorded.
  func append(_ value: any Sendable, from source: String) {
    sources.withLock { $0.events.append((nextStamp(), source, value)) }
  }

  /// The last few events, for the end of a failure message; empty when nothing was recorded.
  var tail: String {
    let events = events
    guard !events.isEmpty else { return "" }
    let shown = events.suffix(Self.tailLength)
    let skipped = events.count - shown.count
    return "\nLast events of this test"
      + (skipped > 0 ? " (\(skipped) earlier not shown)" : "") + ":\n" + Self.lines(shown)
  }

  static func lines<Events: Collection<TimelineEvent>>(_ events: Events) -> String {
    events.map { "  \($0.index). \($0)\($0.isDiscarded ? " (discarded by reset())" : "")" }
      .joined(separator: "\n")
  }
}
