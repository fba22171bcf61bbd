/// The pure state machine behind ``InteractorLifecycle``.
///
/// Every method runs under the lifecycle's lock and returns the side effects (continuations to
/// resume, tasks to cancel, values to yield) for the caller to perform after unlocking.
struct LifecycleState {
  enum Phase: Equatable {
    case inactive
    case activating
    case active
    case deactivating

    var isTransitioning: Bool { self == .activating || self == .deactivating }
  }

  /// A transition asked for from inside a running transition's callback, performed when it ends.
  enum Pending {
    case activate(@Sendable () async -> Void)
    case deactivate(@Sendable () async -> Void)
  }

  /// What a caller asking for a transition must do next.
  enum Decision {
    /// The caller owns transition number `generation`: yield to `subscribers`, then run its
    /// callback.
    case perform(subscribers: [AsyncStream<Bool>.Continuation], generation: UInt64)
    /// The lifecycle is already in the requested state.
    case alreadyDone
    /// Another transition is running; wait for it, then ask again.
    case wait
  }

  /// Side effects of finishing a transition.
  struct Completion {
    var waiters: [CheckedContinuation<Void, Never>] = []
    var tasksToCancel: [Task<Void, Never>] = []
    var subscribers: [AsyncStream<Bool>.Continuation] = []
    var pending: Pending?
  }

  private(set) var phase: Phase = .inactive
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private(set) var pending: Pending?
  private(set) var tasks: [UInt64: Task<Void, Never>] = [:]
  private(set) var subscribers: [UInt64: AsyncStream<Bool>.Continuation] = [:]
  private var nextID: UInt64 = 0
  /// Numbers the transitions, so a stale "inside a callback" marker is recognised.
  private var generation: UInt64 = 0

  /// The flag flips to `true` before `didBecomeActive()` runs and back to `false` only after
  /// `willResignActive()` returned and the bound tasks were cancelled.
  var isActive: Bool { phase != .inactive }

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  // MARK: Transitions

  mutating func requestActivation() -> Decision {
    switch phase {
    case .active: return .alreadyDone
    case .activating, .deactivating: return .wait
    case .inactive:
      phase = .activating
      generation &+= 1
      return .perform(subscribers: Array(subscribers.values), generation: generation)
    }
  }

  mutating func finishActivation() -> Completion {
    precondition(phase == .activating, "InteractorLifecycle: activation finished in phase \(phase)")
    phase = .active
    return takeCompletion(endingIn: .active)
  }

  mutating func requestDeactivation() -> Decision {
    switch phase {
    case .inactive: return .alreadyDone
    case .activating, .deactivating: return .wait
    case .active:
      phase = .deactivating
      generation &+= 1
      return .perform(subscribers: [], generation: generation)
    }
  }

  mutating func finishDeactivation() -> Completion {
    precondition(
      phase == .deactivating, "InteractorLifecycle: deactivation finished in phase \(phase)")
    phase = .inactive
    var completion = takeCompletion(endingIn: .inactive)
    completion.tasksToCancel = Array(tasks.values)
    completion.subscribers = Array(subscribers.values)
    return completion
  }

  /// Parks a waiter until the running transition ends; returns `false` if none is running.
  mutating func enqueueWaiter(_ waiter: CheckedContinuation<Void, Never>) -> Bool {
    guard phase.isTransitioning else { return false }
    waiters.append(waiter)
    return true
  }

  /// Records a transition asked for from inside the callback of transition `callbackGeneration`
  /// (last request wins); returns `false` if that transition already ended.
  mutating func setPending(_ request: Pending, callbackGeneration: UInt64) -> Bool {
    guard phase.isTransitioning, generation == callbackGeneration else { return false }
    pending = request
    return true
  }

  private mutating func takeCompletion(endingIn end: Phase) -> Completion {
    var completion = Completion()
    completion.waiters = waiters
    waiters = []
    switch (pending, end) {
    case (.activate, .inactive), (.deactivate, .active): completion.pending = pending
    default: break
    }
    pending = nil
    return completion
  }

  // MARK: Bound tasks

  mutating func insertTask(_ task: Task<Void, Never>, id: UInt64) {
    tasks[id] = task
  }

  mutating func removeTask(id: UInt64) {
    tasks[id] = nil
  }

  // MARK: Subscribers

  mutating func insertSubscriber(_ continuation: AsyncStream<Bool>.Continuation, id: UInt64) {
    subscribers[id] = continuation
  }

  mutating func removeSubscriber(id: UInt64) {
    subscribers[id] = nil
  }

  /// Empties the state when the lifecycle is released.
  mutating func tearDown() -> (
    tasks: [Task<Void, Never>], subscribers: [AsyncStream<Bool>.Continuation]
  ) {
    defer {
      tasks = [:]
      subscribers = [:]
    }
    return (Array(tasks.values), Array(subscribers.values))
  }
}
