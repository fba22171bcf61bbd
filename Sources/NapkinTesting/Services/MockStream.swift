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
  /// One subscription: values sent and not yet taken, and its consumer while it waits.
  private struct Subscriber {
    var buffer = ValueQueue<Element>()
    var finished = false
    var waiter: CheckedContinuation<Element?, Never>?
    var parked: ParkedBoundTask?

    /// Hands `value` (or the end, for `nil`) to the waiting consumer, marking its task busy
    /// first; returns `false` if nobody waits.
    mutating func resumeWaiter(with value: Element?) -> Bool {
      guard let waiter else { return false }
      parked?.unpark()
      parked = nil
      self.waiter = nil
      waiter.resume(returning: value)
      return true
    }
  }

  private struct State {
    var latest: Element?
    var subscribers: [UInt64: Subscriber] = [:]
    var nextID: UInt64 = 0
    var finished = false
    /// The values sent after `finish()`, which no subscriber gets.
    var sentAfterFinish: [String] = []
  }

  /// Ties a subscriber's registration to the `AsyncStream` handed out: released with it.
  private final class Subscription: Sendable {
    weak let owner: MockStream?
    let id: UInt64

    init(owner: MockStream, id: UInt64) {
      self.owner = owner
      self.id = id
    }

    deinit { owner?.unsubscribe(id) }

    func next() async -> Element? {
      guard let owner else { return nil }
      return await owner.next(for: id)
    }
  }

  private let replays: Bool
  let label: String
  private let state: Mutex<State>
  /// One entry per subscription ever made; lets a test await a subscriber.
  let subscriptions: CallRecorder<Int>
  /// The timeline of the test the stream was created in, which records every value sent.
  private let timeline = Timeline.current

  /// A state stream: each subscriber gets the latest value first, starting with `initial`.
  public init(replaying initial: Element, label: String? = nil) {
    replays = true
    self.label = label ?? "MockStream<\(Element.self)>"
    state = Mutex(State(latest: initial))
    subscriptions = CallRecorder("\(self.label).subscriptions", exhaustive: false)
  }

  /// An event stream: each subscriber gets only the values sent after it subscribed.
  public init(label: String? = nil) {
    replays = false
    self.label = label ?? "MockStream<\(Element.self)>"
    state = Mutex(State())
    subscriptions = CallRecorder("\(self.label).subscriptions", exhaustive: false)
  }

  deinit {
    state.withLock { state in
      for id in state.subscribers.keys {
        _ = state.subscribers[id]?.resumeWaiter(with: nil)
      }
      state.subscribers = [:]
    }
  }

  /// The number of live subscriptions.
  public var subscriberCount: Int {
    state.withLock { $0.subscribers.values.count { !$0.finished } }
  }

  /// The latest value sent (or the initial one), for a replaying stream; `nil` otherwise.
  public var latest: Element? {
    state.withLock { $0.latest }
  }

  /// A new, independent subscription.
  ///
  /// After ``finish()``, a new subscription yields the latest value (if replaying) and ends.
  public func stream() -> AsyncStream<Element> {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      var subscriber = Subscriber()
      // Registering under the lock orders the replayed value before anything sent later.
      if replays, let latest = state.latest { subscriber.buffer.append(latest) }
      subscriber.finished = state.finished
      state.subscribers[state.nextID] = subscriber
      return state.nextID
    }
    let subscription = Subscription(owner: self, id: id)
    subscriptions.record(Int(id))
    return AsyncStream(unfolding: { await subscription.next() })
  }

  /// Delivers `value` to every live subscription (and keeps it for later ones, if replaying).
  ///
  /// A consumer waiting for the value is marked busy before `send` returns. After ``finish()``
  /// the value is dropped, and a strict test (`.napkinChecks(strict: true)`) fails at its end,
  /// naming it: a send after the end is a test's mistake.
  public func send(_ value: Element) {
    timeline?.append(SentValue(value: value), from: label)
    let dropped = state.withLock { state -> [String]? in
      guard !state.finished else {
        state.sentAfterFinish.append("\(value)")
        return state.sentAfterFinish
      }
      if replays { state.latest = value }
      for id in state.subscribers.keys {
        if state.subscribers[id]?.resumeWaiter(with: value) == false {
          state.subscribers[id]?.buffer.append(value)
        }
      }
      return nil
    }
    if let dropped, let scope = TestScope.owning, scope.isStrict {
      // Replaces the check registered by an earlier dropped send: this one lists them all.
      scope.registerEndCheck(for: self) { [label] site in
        Self.sentAfterFinish(dropped, by: label, at: site)
      }
    }
  }

  /// The strict check of `values` sent on the stream `label` after ``finish()``: one issue at
  /// the test's line.
  private static func sentAfterFinish(
    _ values: [String], by label: String, at site: CallSite
  ) -> [NapkinIssue] {
    [
      NapkinIssue(
        "\(label) was sent \(values.count == 1 ? "a value" : "\(values.count) values") after "
          + "finish() (\(Listing.items(values))), which no subscriber got: send before finishing, or leave the "
          + "send out.", at: site)
    ]
  }

  /// Ends every subscription, as a service whose stream completes; later sends are dropped.
  ///
  /// Values already sent are still delivered before the end.
  public func finish() {
    state.withLock { state in
      state.finished = true
      for id in state.subscribers.keys {
        state.subscribers[id]?.finished = true
        if state.subscribers[id]?.buffer.isEmpty == true,
          state.subscribers[id]?.resumeWaiter(with: nil) == true
        {
          state.subscribers[id] = nil
        }
      }
    }
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
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let awaited = "\(count) subscriber\(count == 1 ? "" : "s") of \(label)"
    guard count >= 1, timeout >= .zero else {
      subscriptions.owner.report(
        "waitForSubscribers(count: \(count), timeout: \(timeout)) on \(label): count must be at "
          + "least 1 and the timeout not negative.", at: site)
      return false
    }
    subscriptions.owner.flush()
    if await subscriptions.suspendQuietly(until: .count(count), timeout: timeout) { return true }
    let made = subscriptions.countWithoutAsserting
    subscriptions.owner.report(
      "Timed out after \(timeout) waiting for \(awaited); \(made) subscription"
        + "\(made == 1 ? " was" : "s were") made. Subscribe (start the code that iterates "
        + "stream()) before sending.", at: site)
    return false
  }

  // MARK: Private

  /// The next value of subscription `id`, parking the consumer until one is sent.
  private func next(for id: UInt64) async -> Element? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Element?, Never>) in
        state.withLock { state in
          guard var subscriber = state.subscribers[id] else {
            return waiter.resume(returning: nil)
          }
          if let value = subscriber.buffer.popFirst() {
            state.subscribers[id] = subscriber
            return waiter.resume(returning: value)
          }
          if subscriber.finished || Task.isCancelled {
            state.subscribers[id] = nil
            return waiter.resume(returning: nil)
          }
          // Parked in the same step that registers the waiter, so a send can never find the
          // waiter without also finding the park to undo.
          subscriber.waiter = waiter
          subscriber.parked = ParkedBoundTask.parkCurrent(on: "the next value of \(label)")
          state.subscribers[id] = subscriber
        }
      }
    } onCancel: {
      unsubscribe(id)
    }
  }

  /// Removes subscription `id`, ending its consumer's wait.
  private func unsubscribe(_ id: UInt64) {
    state.withLock { state in
      _ = state.subscribers[id]?.resumeWaiter(with: nil)
      state.subscribers[id] = nil
    }
  }
}

/// A value sent on a ``MockStream``, as its test's timeline shows it.
private struct SentValue<Element: Sendable>: Sendable, CustomStringConvertible {
  let value: Element
  var description: String { "sent \(value)" }
}
