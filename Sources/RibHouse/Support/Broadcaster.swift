/// Fans values out to any number of independent `AsyncStream` subscribers.
///
/// Each call to ``stream()`` returns a new unbounded stream. A replaying broadcaster first yields
/// the latest value to a new subscriber, then every later value; a non-replaying one yields only
/// values sent after the subscription. A subscriber is removed as soon as its stream terminates.
///
/// Isolation: `Sendable`; every member may be called from any isolation. All state sits behind one
/// lock. Values are yielded under the lock so that every subscriber sees them in one order; the
/// lock is never held while finishing a stream, since that runs the termination handler.
final class Broadcaster<Element: Sendable>: Sendable {
  private struct State {
    var latest: Element?
    var subscribers: [UInt64: AsyncStream<Element>.Continuation] = [:]
    var nextID: UInt64 = 0
    var isFinished = false
  }

  private let replays: Bool
  private let state: Locked<State>

  /// Creates a broadcaster that replays its latest value, starting with `initial`.
  init(replaying initial: Element) {
    replays = true
    state = Locked(State(latest: initial))
  }

  /// Creates a broadcaster without replay: subscribers only see values sent after they subscribed.
  init() {
    replays = false
    state = Locked(State())
  }

  deinit {
    let subscribers = state.withLock { state in
      defer { state.subscribers = [:] }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// The latest value sent (or the initial one) for a replaying broadcaster; `nil` otherwise.
  var latest: Element? {
    state.withLock { $0.latest }
  }

  /// The number of live subscribers.
  var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// Returns a new stream: the latest value first if replaying, then every value sent.
  func stream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = state.withLock { state in
      defer { state.nextID &+= 1 }
      return state.nextID
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    let isFinished = state.withLock { state in
      guard !state.isFinished else { return true }
      if replays, let latest = state.latest { continuation.yield(latest) }
      state.subscribers[id] = continuation
      return false
    }
    if isFinished { continuation.finish() }
    return stream
  }

  /// Sends `value` to every subscriber and, if replaying, keeps it for later subscribers.
  func send(_ value: Element) {
    state.withLock { state in
      guard !state.isFinished else { return }
      if replays { state.latest = value }
      for subscriber in state.subscribers.values { subscriber.yield(value) }
    }
  }

  /// Finishes every stream; later subscribers receive an already finished stream.
  func finish() {
    let subscribers = state.withLock { state in
      state.isFinished = true
      defer { state.subscribers = [:] }
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber.finish() }
  }
}
