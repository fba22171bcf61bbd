import NapkinMutex
import napkin

/// A stream property of a mock service, fed by the test: replaying state or fire-and-forget
/// events.
///
/// Every ``stream()`` is an independent subscription, like a real multi-subscriber service. A
/// replaying stream (`MockStream(replaying: nil)`) mirrors a state stream such as a user stream:
/// a new subscriber gets the latest value first. Without replay it mirrors an event stream: a
/// subscriber gets only what is sent after it subscribed, so a test awaits
/// ``waitForSubscribers(count:timeout:fileID:filePath:line:column:)`` before sending.
/// ``subscriberCount`` drops as soon as a consumer stops iterating, so a test can prove that a
/// cancelled task let go of the stream.
///
/// A task bound to an interactor that waits on a subscription for its next value counts as
/// parked for `settle(_:)`:
/// only the test can resume it, by sending. Sending marks it busy again before it returns, so a
/// test can send, settle, then assert.
///
/// Isolation: `Sendable`; its state sits behind a `Mutex`, and values are handed over outside
/// user code.
///
/// ```swift
/// final class MockAuthService: AuthServicing, MockService {
///   let mock = MockServiceCore<AuthMethod>()
///   let users = MockStream<User?>(replaying: nil)
///   var userStream: AsyncStream<User?> { users.stream() }
/// }
/// // in the test:
/// auth.users.send(User(name: "Smokey Joe"))
/// ```
public final class MockStream<Element: Sendable>: Sendable {
  let feed: StreamFeed<Element>
  var label: String { feed.label }
  /// One entry per subscription ever made; lets a test await a subscriber.
  var subscriptions: CallRecorder<Int> { feed.subscriptions }

  /// A state stream: each subscriber gets the latest value first, starting with `initial`.
  public init(replaying initial: Element, label: String? = nil) {
    feed = StreamFeed(label: label ?? "MockStream<\(Element.self)>", replaying: .some(initial))
  }

  /// An event stream: each subscriber gets only the values sent after it subscribed.
  public init(label: String? = nil) {
    feed = StreamFeed(label: label ?? "MockStream<\(Element.self)>", replaying: nil)
  }

  /// The number of live subscriptions.
  public var subscriberCount: Int { feed.subscriberCount }

  /// The latest value sent (or the initial one), for a replaying stream; `nil` otherwise.
  public var latest: Element? { feed.latest }

  /// A new, independent subscription.
  ///
  /// After ``finish()``, a new subscription yields the latest value (if replaying) and ends.
  public func stream() -> AsyncStream<Element> {
    let subscription = feed.subscribe()
    // The feed of a `MockStream` never fails: `next()` only returns.
    return AsyncStream(unfolding: { try? await subscription.next() })
  }

  /// Delivers `value` to every live subscription (and keeps it for later ones, if replaying).
  ///
  /// A consumer waiting for the value is marked busy before `send` returns. After ``finish()``
  /// the value is dropped, and a strict test (`.napkinChecks(strict: true)`) fails at its end,
  /// naming it: a send after the end is a test's mistake.
  public func send(_ value: Element) {
    guard let dropped = feed.send(value) else { return }
    StreamChecks.sentAfterEnd(dropped, on: feed, label: label, end: "finish()")
  }

  /// Ends every subscription, as a service whose stream completes; later sends are dropped.
  ///
  /// Values already sent are still delivered before the end.
  public func finish() {
    feed.end(.finished)
  }

  /// Suspends until `count` subscriptions were made in total (live or not).
  ///
  /// Await it before sending on an event stream, so the subscriber cannot miss the value. On
  /// timeout, reports a failure and returns `false`.
  ///
  /// - Parameters:
  ///   - count: The number of subscriptions to wait for; at least 1.
  ///   - timeout: How long to wait before failing.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitForSubscribers(
    count: Int = 1, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await StreamChecks.waitForSubscribers(
      count: count, of: feed, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
