/// The pure state machine behind ``InteractorLifecycle``.
///
/// Every method runs under the lifecycle's lock and returns the side effects (tasks to cancel,
/// subscribers to yield to) for the caller to perform after unlocking.
struct LifecycleState {
  /// Where the callbacks reached; the two transitioning phases say an edge is being performed.
  enum Phase {
    case inactive, activating, active, deactivating

    var isTransitioning: Bool { self == .activating || self == .deactivating }
  }

  /// The next edge a running loop performs, with its callback.
  enum Edge {
    /// Yield `true` to `subscribers` (the flag flipped already), then run the callback.
    case activate(@Sendable () async -> Void, subscribers: [AsyncStream<Bool>.Continuation])
    /// Run the callback, cancel the bound tasks, then flip to inactive.
    case deactivate(@Sendable () async -> Void)

    var isActivation: Bool {
      if case .activate = self { return true }
      return false
    }
  }

  private(set) var phase: Phase = .inactive
  /// Whether the last caller asked for active.
  private var requested = false
  /// Whether a deactivation took its bound tasks to cancel: a task bound from then until the flag
  /// flips is cancelled as it is bound.
  private(set) var cancelling = false
  /// The callbacks the next edges run: each caller's replaces the one before. Handed over, never
  /// kept: they capture the interactor, which owns this state, so keeping one would be a cycle.
  private var didBecomeActive: (@Sendable () async -> Void)?
  private var willResignActive: (@Sendable () async -> Void)?
  private(set) var tasks: [UInt64: Task<Void, Never>] = [:]
  private(set) var subscribers: [UInt64: AsyncStream<Bool>.Continuation] = [:]
  private var nextID: UInt64 = 0

  /// `true` from the start of activation until deactivation has cancelled the bound tasks.
  var isActive: Bool { phase != .inactive }

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  // MARK: Transitions

  /// Records a request for `active` with its callback; returns the first edge if the caller must
  /// run the loop, or `nil` if it only records (a loop is running, or there is nothing to do).
  mutating func request(active: Bool, callback: @escaping @Sendable () async -> Void) -> Edge? {
    requested = active
    if active { didBecomeActive = callback } else { willResignActive = callback }
    // A running loop performs the edge when its callback returns.
    return phase.isTransitioning ? nil : nextEdge()
  }

  /// What the loop does once an edge's callback returned.
  enum AfterEdge {
    /// Cancel these bound tasks (outside the lock, while still active), then finish again.
    case cancel([Task<Void, Never>])
    /// The edge is done; perform the next one toward the last request, if any.
    case finished(next: Edge?)
  }

  /// After an edge's callback: a deactivation with bound tasks has them cancelled first;
  /// otherwise the phase flips (yielding `false` to the subscribers when it flips off, in the
  /// step that flips it, so `false` comes before the next `true`) and the next edge is entered.
  mutating func finish(_ edge: Edge) -> AfterEdge {
    switch edge {
    case .activate:
      phase = .active
    case .deactivate where !cancelling && !tasks.isEmpty:
      cancelling = true
      return .cancel(Array(tasks.values))
    case .deactivate:
      phase = .inactive
      cancelling = false
      for subscriber in subscribers.values { subscriber.yield(false) }
    }
    return .finished(next: nextEdge())
  }

  /// The edge from the current phase toward `requested`, entering it; `nil` once they agree.
  private mutating func nextEdge() -> Edge? {
    defer {
      didBecomeActive = nil
      willResignActive = nil
    }
    switch (phase, requested) {
    case (.inactive, true):
      phase = .activating
      return .activate(didBecomeActive ?? {}, subscribers: Array(subscribers.values))
    case (.active, false):
      phase = .deactivating
      return .deactivate(willResignActive ?? {})
    default:
      return nil
    }
  }

  // MARK: Bound tasks and subscribers

  mutating func insertTask(_ task: Task<Void, Never>, id: UInt64) { tasks[id] = task }

  mutating func removeTask(id: UInt64) { tasks[id] = nil }

  mutating func insertSubscriber(_ continuation: AsyncStream<Bool>.Continuation, id: UInt64) {
    subscribers[id] = continuation
  }

  mutating func removeSubscriber(id: UInt64) { subscribers[id] = nil }

  /// Empties the state when the lifecycle is released: the tasks to cancel, the streams to finish.
  mutating func tearDown() -> (
    tasks: [UInt64: Task<Void, Never>], subscribers: [UInt64: AsyncStream<Bool>.Continuation]
  ) {
    defer { (tasks, subscribers) = ([:], [:]) }
    return (tasks, subscribers)
  }
}
