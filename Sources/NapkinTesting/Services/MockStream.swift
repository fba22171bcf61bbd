import NapkinMutex

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
/// Isolation: `Sendable`; its state sits behind a `Mutex`, and values are yielded outside user
/// code.
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
  private struct State {
    var latest: Element?
    var subscribers: [UInt64: AsyncStream<Element>.Continuation] = [:]
    var nextID: UInt64 = 0
    var finished = false
  }

  private let replays: Bool
  private let state: Mutex<State>
  /// One entry per subscription ever made; lets a test await a subscriber.
  private let subscriptions: CallRecorder<Int>

  /// A state stream: each subscriber gets the latest value first, starting with `initial`.
  public init(replaying initial: Element, label: String? = nil) {
    replays = true
    state = Mutex(State(latest: initial))
    subscriptions = CallRecorder(
      "\(label ?? "MockStream<\(Element.self)>").subscriptions", exhaustive: false)
  }

  /// An event stream: each subscriber gets only the values sent after it subscribed.
  public init(label: String? = nil) {
    replays = false
    state = Mutex(State())
    subscriptions = CallRecorder(
      "\(label ?? "MockStream<\(Element.self)>").subscriptions", exhaustive: false)
  }

  deinit {
    for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.finish() }
  }

  /// The number of live subscriptions.
  public var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// The latest value sent (or the initial one), for a replaying stream; `nil` otherwise.
  public var latest: Element? {
    state.withLock { $0.latest }
  }

  /// A new, independent subscription.
  ///
  /// After ``finish()``, a new subscription yields the latest value (if replaying) and ends.
  public func stream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    let finished = state.withLock { state in
      // Yielding under the lock orders the replayed value before anything sent later.
      if replays, let latest = state.latest { continuation.yield(latest) }
      if !state.finished { state.subscribers[id] = continuation }
      return state.finished
    }
    if finished { continuation.finish() }
    subscriptions.record(Int(id))
    return stream
  }

  /// Delivers `value` to every live subscription (and keeps it for later ones, if replaying).
  public func send(_ value: Element) {
    state.withLock { state in
      guard !state.finished else { return }
      if replays { state.latest = value }
      for subscriber in state.subscribers.values { subscriber.yield(value) }
    }
  }

  /// Ends every subscription, as a service whose stream completes; later sends are dropped.
  public func finish() {
    let subscribers = state.withLock { state in
      state.finished = true
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
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
    await subscriptions.waitForCalls(
      count: count, timeout: timeout, fileID: fileID, filePath: filePath, line: line,
      column: column) != nil
  }
}
