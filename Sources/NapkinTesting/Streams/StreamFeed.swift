import NapkinMutex

/// The engine behind ``MockStream`` and ``MockThrowingStream``: independent subscriptions, the
/// replayed latest value, delivery, and the end (finished, or failed with an error).
///
/// A consumer that waits for its next value parks its bound task, so settling sees it waiting on
/// the test; a send or the end marks it busy again before resuming it. A value sent after the end
/// is dropped, and a strict test fails at its end, naming it.
///
/// Isolation: `Sendable`; its state sits behind one `Mutex`, and no continuation is resumed while
/// user code could run.
final class StreamFeed<Element: Sendable>: Sendable {
  /// How a stream ended.
  enum Ending: Sendable {
    case finished
    case failed(any Error)
  }

  /// One subscription: values sent and not yet taken, its end, and its consumer while it waits.
  private struct Subscriber {
    var buffer = ValueQueue<Element>()
    var ending: Ending?
    var waiter: CheckedContinuation<Element?, any Error>?
    var parked: ParkedBoundTask?

    /// Hands `next` to the waiting consumer, marking its task busy first; `false` if nobody
    /// waits.
    mutating func resumeWaiter(with next: Result<Element?, any Error>) -> Bool {
      guard let waiter else { return false }
      parked?.unpark()
      parked = nil
      self.waiter = nil
      waiter.resume(with: next)
      return true
    }

    /// What the consumer gets once the buffer is empty: the end, if the stream ended.
    var end: Result<Element?, any Error>? {
      switch ending {
      case nil: nil
      case .finished: .success(nil)
      case .failed(let error): .failure(error)
      }
    }
  }

  private struct State {
    var latest: Element?
    var subscribers: [UInt64: Subscriber] = [:]
    var nextID: UInt64 = 0
    var ending: Ending?
    /// The values sent after the end, which no subscriber gets.
    var sentAfterEnd: [String] = []
  }

  /// Ties a subscriber's registration to the stream handed out: released with it.
  final class Subscription: Sendable {
    weak let owner: StreamFeed?
    let id: UInt64
    /// What the first `next()` awaits before the feed's values, once: a held call's answer.
    private let gate: Mutex<(@Sendable () async throws -> Void)?>

    init(owner: StreamFeed, id: UInt64, gate: (@Sendable () async throws -> Void)?) {
      self.owner = owner
      self.id = id
      self.gate = Mutex(gate)
    }

    deinit { owner?.unsubscribe(id) }

    /// The next value; `nil` once finished; throws the stream's error once failed.
    func next() async throws -> Element? {
      if let gate = gate.withLock({ gate in
        defer { gate = nil }
        return gate
      }) {
        do {
          try await gate()
        } catch {
          // A held call answered with a failure ends the subscription, as failing at once does.
          owner?.unsubscribe(id)
          throw error
        }
      }
      guard let owner else { return nil }
      return try await owner.next(for: id)
    }
  }

  private let replays: Bool
  let label: String
  private let state: Mutex<State>
  /// One entry per subscription ever made; lets a test await a subscriber.
  let subscriptions: CallRecorder<Int>
  /// The timeline of the test the stream was created in, which records every value sent.
  private let timeline = Timeline.current

  /// A feed named `label`; a replaying one (`replaying` not `nil`) starts with that value.
  init(label: String, replaying initial: Element??) {
    self.label = label
    replays = initial != nil
    state = Mutex(State(latest: initial ?? nil))
    subscriptions = CallRecorder("\(label).subscriptions", exhaustive: false)
  }

  deinit {
    state.withLock { state in
      for id in state.subscribers.keys {
        _ = state.subscribers[id]?.resumeWaiter(with: .success(nil))
      }
      state.subscribers = [:]
    }
  }

  /// The number of live subscriptions.
  var subscriberCount: Int {
    state.withLock { $0.subscribers.values.count { $0.ending == nil } }
  }

  /// The latest value sent (or the initial one), for a replaying feed; `nil` otherwise.
  var latest: Element? { state.withLock { $0.latest } }

  /// Whether the feed ended.
  var hasEnded: Bool { state.withLock { $0.ending != nil } }

  /// A new, independent subscription; its first `next()` awaits `gate` first, if given.
  func subscribe(gate: (@Sendable () async throws -> Void)? = nil) -> Subscription {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      var subscriber = Subscriber()
      // Registering under the lock orders the replayed value before anything sent later.
      if replays, let latest = state.latest { subscriber.buffer.append(latest) }
      subscriber.ending = state.ending
      state.subscribers[state.nextID] = subscriber
      return state.nextID
    }
    subscriptions.record(Int(id))
    return Subscription(owner: self, id: id, gate: gate)
  }

  /// Delivers `value` to every live subscription (and keeps it for later ones, if replaying);
  /// after the end, drops it and returns every value dropped so far.
  func send(_ value: Element) -> [String]? {
    timeline?.append(SentValue(value: value), from: label)
    return state.withLock { state in
      guard state.ending == nil else {
        state.sentAfterEnd.append("\(value)")
        return state.sentAfterEnd
      }
      if replays { state.latest = value }
      for id in state.subscribers.keys
      where state.subscribers[id]?.resumeWaiter(with: .success(value)) == false {
        state.subscribers[id]?.buffer.append(value)
      }
      return nil
    }
  }

  /// Ends every subscription as `ending` says, after the values already sent; the first end wins.
  func end(_ ending: Ending) {
    state.withLock { state in
      guard state.ending == nil else { return }
      state.ending = ending
      for id in state.subscribers.keys {
        state.subscribers[id]?.ending = ending
        guard state.subscribers[id]?.buffer.isEmpty == true, let end = state.subscribers[id]?.end,
          state.subscribers[id]?.resumeWaiter(with: end) == true
        else { continue }
        state.subscribers[id] = nil
      }
    }
  }

  // MARK: Private

  /// The next value of subscription `id`, parking the consumer until one is sent or it ends.
  private func next(for id: UInt64) async throws -> Element? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (waiter: CheckedContinuation<Element?, any Error>) in
        state.withLock { state in
          guard var subscriber = state.subscribers[id] else {
            return waiter.resume(returning: nil)
          }
          if let value = subscriber.buffer.popFirst() {
            state.subscribers[id] = subscriber
            return waiter.resume(returning: value)
          }
          if let end = subscriber.end {
            state.subscribers[id] = nil
            return waiter.resume(with: end)
          }
          if Task.isCancelled {
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
  fileprivate func unsubscribe(_ id: UInt64) {
    state.withLock { state in
      _ = state.subscribers[id]?.resumeWaiter(with: .success(nil))
      state.subscribers[id] = nil
    }
  }
}

/// A value sent on a mock stream, as its test's timeline shows it.
private struct SentValue<Element: Sendable>: Sendable, CustomStringConvertible {
  let value: Element
  var description: String { "sent \(value)" }
}
