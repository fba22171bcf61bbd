import Synchronization

/// A stream property of a mock service, fed by the test.
///
/// Every ``stream()`` is an independent subscription, like the real services' streams. A replaying
/// one (`MockStream(replaying: nil)`) mirrors a state stream such as `userStream`: a new subscriber
/// gets the latest value first. Without replay it mirrors an event stream such as `lastCalls`.
/// ``subscriberCount`` drops as soon as a consumer stops, so a test can prove that a cancelled
/// task let go of the stream.
final class MockStream<Element: Sendable>: Sendable {
  private struct State {
    var latest: Element?
    var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
    var nextID = 0
  }

  private let replays: Bool
  private let state: Mutex<State>

  /// A state stream: subscribers get the latest value first, starting with `initial`.
  init(replaying initial: Element) {
    replays = true
    state = Mutex(State(latest: initial))
  }

  /// An event stream: subscribers get only the values sent after they subscribed.
  init() {
    replays = false
    state = Mutex(State())
  }

  deinit {
    for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.finish() }
  }

  /// The number of live subscriptions.
  var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// A new subscription.
  func stream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      if replays, let latest = state.latest { continuation.yield(latest) }
      state.subscribers[state.nextID] = continuation
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Delivers `value` to every live subscription.
  func send(_ value: Element) {
    state.withLock { state in
      if replays { state.latest = value }
      for subscriber in state.subscribers.values { subscriber.yield(value) }
    }
  }
}
