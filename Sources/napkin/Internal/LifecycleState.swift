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
    /// Idle waiters to resume: the transition ended with nothing busy and nothing pending.
    var idleWaiters: [IdleWaiter] = []
  }

  /// A task bound to the lifecycle: the task, where it was registered, and what it is parked on.
  struct BoundTask {
    let task: Task<Void, Never>
    let fileID: String
    let line: UInt
    /// What the task waits on while parked where only a test can resume it; `nil` while busy.
    var parkedOn: String?
    /// Numbers the park, so a stale resume of an earlier park is ignored.
    var parkToken: UInt64 = 0
    /// The executor the task and its structured children prefer, under a test toolkit.
    var executor: BoundTaskExecutor?
    /// What the task's parked structured children wait on, by park token.
    var childParks: [UInt64: String] = [:]
    /// Whether the task counts as settled whenever nothing of its tree can run, parked or not:
    /// a test's own action, which may await work it handed to an interactor.
    var settlesWhenQuiet = false

    /// Whether the task is parked itself, or only awaits structured children that are all parked
    /// (nothing of its tree can run: its executor is confirmed quiet).
    var isSettled: Bool {
      parkedOn != nil
        || ((settlesWhenQuiet || !childParks.isEmpty) && executor?.isQuiet == true)
    }
  }

  /// A caller of `waitUntilIdle`, and the timer that gives up on its behalf.
  struct IdleWaiter {
    let continuation: CheckedContinuation<Bool, Never>
    var timer: Task<Void, Never>?
  }

  private(set) var phase: Phase = .inactive
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private(set) var pending: Pending?
  private(set) var tasks: [UInt64: BoundTask] = [:]
  /// How many of `tasks` are parked where only a test can resume them.
  private(set) var parkedCount = 0
  /// How many of `tasks` have parked structured children.
  private var withParkedChildren = 0
  /// Whether the tasks count as settled whenever nothing of their tree can run (see
  /// ``BoundTask/settlesWhenQuiet``).
  var settlesWhenQuiet = false
  /// Counts the events that can make an idle lifecycle busy again: a task bound, a parked task
  /// resumed. Equal readings with nothing busy in between mean nothing happened.
  private(set) var activity: UInt64 = 0
  private var idleWaiters: [UInt64: IdleWaiter] = [:]
  private(set) var subscribers: [UInt64: AsyncStream<Bool>.Continuation] = [:]
  private var nextID: UInt64 = 0
  /// Numbers the transitions, so a stale "inside a callback" marker is recognised.
  private var generation: UInt64 = 0
  /// A finished transition handed a request made during it to the next one, which has not
  /// returned yet: the lifecycle is not where it was asked to be, so it is not idle.
  private var handingOff = false

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
      activity &+= 1
      return .perform(subscribers: Array(subscribers.values), generation: generation)
    }
  }

  mutating func finishActivation() -> Completion {
    precondition(phase == .activating, "InteractorLifecycle: activation finished in phase \(phase)")
    phase = .active
    var completion = takeCompletion(endingIn: .active)
    completion.idleWaiters = takeIdleWaitersIfIdle()
    return completion
  }

  mutating func requestDeactivation() -> Decision {
    switch phase {
    case .inactive: return .alreadyDone
    case .activating, .deactivating: return .wait
    case .active:
      phase = .deactivating
      generation &+= 1
      activity &+= 1
      return .perform(subscribers: [], generation: generation)
    }
  }

  mutating func finishDeactivation() -> Completion {
    precondition(
      phase == .deactivating, "InteractorLifecycle: deactivation finished in phase \(phase)")
    phase = .inactive
    var completion = takeCompletion(endingIn: .inactive)
    completion.tasksToCancel = tasks.values.map(\.task)
    completion.subscribers = Array(subscribers.values)
    completion.idleWaiters = takeIdleWaitersIfIdle()
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
    case (.activate, .inactive), (.deactivate, .active):
      completion.pending = pending
      handingOff = true
    default: break
    }
    pending = nil
    return completion
  }

  /// The hand-off to a pending transition returned; returns the idle waiters to resume.
  mutating func endHandOff() -> [IdleWaiter] {
    handingOff = false
    return takeIdleWaitersIfIdle()
  }

  /// What keeps the lifecycle from being idle besides its bound tasks, if anything.
  var transitionNote: String? {
    switch phase {
    case .activating: return "still activating: didBecomeActive() is running"
    case .deactivating: return "still deactivating: willResignActive() is running"
    case .active, .inactive:
      return handingOff ? "about to run a transition requested during the last one" : nil
    }
  }

  // MARK: Bound tasks

  mutating func insertTask(_ task: BoundTask, id: UInt64) {
    tasks[id] = task
    activity &+= 1
  }

  /// Removes a finished task; returns the idle waiters to resume if nothing is busy any more.
  mutating func removeTask(id: UInt64) -> [IdleWaiter] {
    guard let removed = tasks.removeValue(forKey: id) else { return [] }
    if removed.parkedOn != nil { parkedCount -= 1 }
    if !removed.childParks.isEmpty { withParkedChildren -= 1 }
    return takeIdleWaitersIfIdle()
  }

  /// No transition is running or about to run, and every task bound to the lifecycle has finished
  /// or is parked where only a test can resume it.
  var isIdle: Bool {
    guard !phase.isTransitioning, !handingOff else { return false }
    if tasks.count == parkedCount { return true }
    // A task awaiting only parked children is settled too; looked for only while one may be.
    return (withParkedChildren > 0 || settlesWhenQuiet) && tasks.values.allSatisfy(\.isSettled)
  }

  /// Marks task `id` parked on `reason`; returns the park's token and the idle waiters to resume,
  /// or `nil` if the task is gone or already parked.
  mutating func park(id: UInt64, on reason: String) -> (token: UInt64, waiters: [IdleWaiter])? {
    guard var task = tasks[id], task.parkedOn == nil else { return nil }
    let token = makeID()
    task.parkedOn = reason
    task.parkToken = token
    task.executor?.taskParked(true)
    tasks[id] = task
    parkedCount += 1
    return (token, takeIdleWaitersIfIdle())
  }

  /// Marks task `id` busy again, if park `token` is still its current park.
  mutating func unpark(id: UInt64, token: UInt64) {
    guard var task = tasks[id], task.parkedOn != nil, task.parkToken == token else { return }
    task.parkedOn = nil
    task.executor?.taskParked(false)
    tasks[id] = task
    parkedCount -= 1
    activity &+= 1
  }

  /// Marks a structured child of task `id` parked on `reason`; returns the park's token and the
  /// task's executor, or `nil` if the task is gone or has no executor.
  mutating func parkChild(
    of id: UInt64, on reason: String
  ) -> (token: UInt64, executor: BoundTaskExecutor)? {
    guard var task = tasks[id], let executor = task.executor else { return nil }
    let token = makeID()
    if task.childParks.isEmpty { withParkedChildren += 1 }
    task.childParks[token] = reason
    tasks[id] = task
    return (token, executor)
  }

  /// Marks the child park `token` of task `id` resumed.
  mutating func unparkChild(of id: UInt64, token: UInt64) {
    guard var task = tasks[id], task.childParks.removeValue(forKey: token) != nil else { return }
    if task.childParks.isEmpty { withParkedChildren -= 1 }
    tasks[id] = task
    activity &+= 1
    task.executor?.childResumed()
  }

  /// The idle waiters to resume after a tree was confirmed quiet, if the lifecycle is idle now.
  mutating func treeQuieted() -> [IdleWaiter] {
    takeIdleWaitersIfIdle()
  }

  /// Parks an idle waiter; returns `false` (nothing parked) if the lifecycle is idle already.
  mutating func enqueueIdleWaiter(_ waiter: CheckedContinuation<Bool, Never>, id: UInt64) -> Bool {
    guard !isIdle else { return false }
    idleWaiters[id] = IdleWaiter(continuation: waiter)
    return true
  }

  /// Attaches the timer of waiter `id`; returns `false` if the waiter already left.
  mutating func attach(timer: Task<Void, Never>, toIdleWaiter id: UInt64) -> Bool {
    guard idleWaiters[id] != nil else { return false }
    idleWaiters[id]?.timer = timer
    return true
  }

  mutating func removeIdleWaiter(id: UInt64) -> IdleWaiter? {
    idleWaiters.removeValue(forKey: id)
  }

  private mutating func takeIdleWaitersIfIdle() -> [IdleWaiter] {
    guard isIdle, !idleWaiters.isEmpty else { return [] }
    defer { idleWaiters = [:] }
    return Array(idleWaiters.values)
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
    tasks: [Task<Void, Never>], subscribers: [AsyncStream<Bool>.Continuation],
    idleWaiters: [IdleWaiter]
  ) {
    defer {
      tasks = [:]
      parkedCount = 0
      withParkedChildren = 0
      subscribers = [:]
      idleWaiters = [:]
    }
    return (tasks.values.map(\.task), Array(subscribers.values), Array(idleWaiters.values))
  }
}
