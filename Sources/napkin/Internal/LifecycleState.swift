import NapkinMutex

/// The pure state machine behind ``InteractorLifecycle``.
///
/// Every method runs under the lifecycle's lock and returns the side effects (tasks to cancel,
/// subscribers to yield to) for the caller to perform after unlocking.
struct LifecycleState {
  /// Where the callbacks reached; the two transitioning phases say an edge is being performed.
  enum Phase { case inactive, activating, active, deactivating }

  /// A transition's callback.
  typealias Callback = @Sendable () async -> Void

  /// The next edge a running loop performs: activating or not, and the callback it runs; `nil`
  /// runs the requesting interactor's own method directly, with no closure and no hop.
  typealias Edge = (activates: Bool, callback: Callback?)

  /// What the loop does once an edge's callback returned.
  enum AfterEdge {
    /// Cancel these bound tasks (outside the lock, while still active), then finish again.
    case cancel([Task<Void, Never>])
    /// The edge is done; perform the next one toward the last request, if any.
    case finished(next: Edge?)
  }

  private(set) var phase: Phase = .inactive
  /// Whether the last caller asked for active.
  private var requested = false
  /// Whether a deactivation took its bound tasks to cancel: a task bound from then until the flag
  /// flips is cancelled as it is bound.
  private(set) var cancelling = false
  /// The callbacks of requests made while a loop runs: each caller's replaces the one before.
  /// Handed over, never kept: they capture the interactor, which owns this state.
  private var didBecomeActive: (@Sendable () async -> Void)?
  private var willResignActive: (@Sendable () async -> Void)?
  /// The bound tasks, each with the flag its operation sets when it returns; finished ones
  /// until the next pruning.
  private(set) var tasks: [(task: Task<Void, Never>, end: OnceFlag)] = []
  var subscribers: [UInt64: AsyncStream<Bool>.Continuation] = [:]
  private var nextID: UInt64 = 0

  /// `true` from the start of activation until deactivation has cancelled the bound tasks.
  var isActive: Bool { phase != .inactive }

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  // MARK: Bound tasks

  /// The tasks whose operation has not returned, cancelled ones included.
  var liveTasks: [Task<Void, Never>] { tasks.compactMap { $0.end.isSet ? nil : $0.task } }

  /// Adds `task` to the bag, pruning it first whenever its size reaches a power of two (from 16:
  /// amortized constant time); returns whether to cancel it now, because a deactivation is
  /// cancelling the others.
  mutating func bind(_ task: Task<Void, Never>, end: OnceFlag) -> Bool {
    if tasks.count >= 16, tasks.count & (tasks.count - 1) == 0 { prune() }
    tasks.append((task, end))
    return cancelling
  }

  /// Lets go of the tasks that finished; always `true`, so a condition can prune first.
  @discardableResult
  private mutating func prune() -> Bool {
    if !tasks.isEmpty { tasks.removeAll { $0.end.isSet } }
    return true
  }

  // MARK: Transitions

  /// Records a request for `active` with its callback; returns the first edge if the caller must
  /// run the loop, or `nil` if it only records (a loop is running, or there is nothing to do).
  mutating func request(active: Bool, callback: Callback?, stored: () -> Callback) -> Edge? {
    requested = active
    switch (phase, active) {
    case (.inactive, true), (.active, false):
      // The caller's callback as it is: a round trip through the stored optional wraps it.
      return enter(active: active, callback)
    case (.activating, _), (.deactivating, _):
      // The running loop performs the edge when its callback returns: only then is a closure
      // made.
      if active { didBecomeActive = stored() } else { willResignActive = stored() }
      return nil
    case (.inactive, false), (.active, true):
      return nil
    }
  }

  /// After an edge's callback: a deactivation with bound tasks has them cancelled first;
  /// otherwise the phase flips (yielding `false` to the subscribers when it flips off, in the
  /// step that flips it, so `false` comes before the next `true`) and the next edge is entered.
  mutating func finish(_ edge: Edge) -> AfterEdge {
    if edge.activates {
      phase = .active
    } else if !cancelling, prune(), !tasks.isEmpty {
      cancelling = true
      return .cancel(tasks.map(\.task))
    } else {
      (phase, cancelling) = (.inactive, false)
      for subscriber in subscribers.values { subscriber.yield(false) }
    }
    defer { (didBecomeActive, willResignActive) = (nil, nil) }
    switch (phase, requested) {
    case (.inactive, true): return .finished(next: enter(active: true, didBecomeActive ?? {}))
    case (.active, false): return .finished(next: enter(active: false, willResignActive ?? {}))
    default: return .finished(next: nil)
    }
  }

  /// Enters the edge toward `active`; an activation flips the flag and yields `true` to the
  /// subscribers here, in the step that flips it.
  private mutating func enter(active: Bool, _ callback: Callback?) -> Edge {
    phase = active ? .activating : .deactivating
    if active { for subscriber in subscribers.values { subscriber.yield(true) } }
    return (active, callback)
  }

  /// Empties the state when the lifecycle is released: the tasks to cancel, the streams to finish.
  mutating func tearDown() -> ([Task<Void, Never>], [AsyncStream<Bool>.Continuation]) {
    guard !tasks.isEmpty || !subscribers.isEmpty else { return ([], []) }
    defer { (tasks, subscribers) = ([], [:]) }
    return (liveTasks, Array(subscribers.values))
  }
}
