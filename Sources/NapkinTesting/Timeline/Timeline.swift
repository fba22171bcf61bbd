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
/// Objects created outside a checked test record nothing here: appending costs a second lock per
/// call, which only checked tests pay.
///
/// Isolation: `Sendable`; the events sit behind a `Mutex`.
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

  private let storage = Mutex<[TimelineEvent]>([])

  init() {}

  /// The timeline of the checked test running the current task, if any.
  public static var current: Timeline? { TestScope.owning?.timeline }

  /// Every event so far, in order.
  public var events: [TimelineEvent] { storage.withLock { $0 } }

  /// Every event so far, one numbered line each.
  public var transcript: String {
    Self.lines(events)
  }

  /// Appends what `source` recorded.
  func append(_ value: any Sendable, from source: String, recorder: ObjectIdentifier? = nil) {
    storage.withLock { events in
      events.append(
        TimelineEvent(index: events.count + 1, source: source, value: value, recorder: recorder))
    }
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
    events.map { "  \($0.index). \($0)" }.joined(separator: "\n")
  }
}
