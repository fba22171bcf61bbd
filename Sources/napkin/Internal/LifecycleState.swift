/// The pure state machine behind ``InteractorLifecycle``.
///
/// Every method runs under the lifecycle's lock and returns the side effects (continuations to
/// resume, tasks to cancel, values to yield) for the caller to perform after unlocking.
struct LifecycleState {
  /// Where the lifecycle is: `actual` is the state the callbacks reached, `requested` the one the
  /// last caller asked for, and `running` says an edge between them is being performed.
  enum Phase: Equatable {
    case inactive
    case activating
    case active
    case deactivating

    var isTransitioning: Bool { self == .activating || self == .deactivating }
  }

  /// The next edge a running loop performs, with its callback.
  enum Edge {
    /// Flip to active, yield `true` to `subscribers`, then run the callback.
    case activate(@Sendable () async -> Void, subscribers: [AsyncStream<Bool>.Continuation])
    /// Run the callback, cancel the bound tasks, then flip to inactive.
    case deactivate(@Sendable () async -> Void)
  }

  /// What the loop does after an edge, or a caller after asking.
  enum Step {
    /// Perform this edge next.
    case perform(Edge)
    /// Actual equals requested: return, after resuming these idle waiters.
    case done([IdleWaiter])
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

    /// Whether the task is parked itself or only awaits structured children that are parked, and
    /// nothing of its tree can run (its executor, if it has one, is confirmed quiet: a child it
    /// started may still run while the task itself is parked).
    var isSettled: Bool {
      guard let executor else { return parkedOn != nil }
      guard parkedOn != nil || settlesWhenQuiet || !childParks.isEmpty else { return false }
      return executor.isQuiet
    }

    /// The task as a test toolkit names it in a diagnostic.
    var description: BoundTaskDescription {
      BoundTaskDescription(
        fileID: fileID, line: line, parkedOn: parkedOn,
        childrenParkedOn: childParks.sorted { $0.key < $1.key }.map(\.value),
        isSettled: isSettled)
    }
  }

  /// A caller of `waitUntilIdle`.
  struct IdleWaiter {
    let continuation: CheckedContinuation<Bool, Never>
  }

  private(set) var phase: Phase = .inactive
  /// Whether the last caller asked for active.
  private var requested = false
  /// The callbacks the edges run: each caller's replaces the one before.
  private var didBecomeActive: (@Sendable () async -> Void)?
  private var willResignActive: (@Sendable () async -> Void)?
  private(set) var tasks: [UInt64: BoundTask] = [:]
  /// How many of `tasks` are parked where only a test can resume them.
  private(set) var parkedCount = 0
  /// How many of `tasks` have parked structured children.
  private var withParkedChildren = 0
  /// Whether the tasks count as settled whenever nothing of their tree can run (see
  /// ``BoundTask/settlesWhenQuiet``).
  var settlesWhenQuiet = false
  /// Counts the events that can make an idle lifecycle busy again, or that change it: a task
  /// bound, a parked task resumed, a task ended (with its tree's moves). Equal readings with
  /// nothing busy in between mean nothing happened.
  private(set) var activity: UInt64 = 0
  private var idleWaiters: [UInt64: IdleWaiter] = [:]
  /// What a test toolkit asked to hear when a tree it relied on is resumed from outside.
  var vouchReport: (key: VouchKey, report: @Sendable (BoundTaskDescription) -> Void)?
  private(set) var subscribers: [UInt64: AsyncStream<Bool>.Continuation] = [:]
  private var nextID: UInt64 = 0

  /// The flag flips to `true` before `didBecomeActive()` runs and back to `false` only after
  /// `willResignActive()` returned and the bound tasks were cancelled.
  var isActive: Bool { phase != .inactive }

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  // MARK: Transitions

  /// Records a request for `active`, with its callback; returns the first edge if the caller
  /// must run the loop, or `nil` if it only records (a loop is running, or nothing to do).
  mutating func request(
    active: Bool, callback: @escaping @Sendable () async -> Void
  ) -> Edge? {
    requested = active
    guard !phase.isTransitioning else {
      // For the running loop, which performs the edge when its callback returns.
      if active { didBecomeActive = callback } else { willResignActive = callback }
      return nil
    }
    switch (phase, active) {
    case (.inactive, true):
      phase = .activating
      activity &+= 1
      return .activate(callback, subscribers: Array(subscribers.values))
    case (.active, false):
      phase = .deactivating
      activity &+= 1
      return .deactivate(callback)
    default:
      return nil
    }
  }

  /// After an edge's callback: settles an activation, or, for a deactivation with no bound task
  /// to cancel, settles it too; then says what comes next. A deactivation with bound tasks
  /// returns them to cancel first (outside the lock), then ``finishDeactivation()``.
  mutating func finish(_ edge: Edge) -> (
    step: Step?, tasksToCancel: [Task<Void, Never>],
    subscribers: [AsyncStream<Bool>.Continuation]
  ) {
    switch edge {
    case .activate:
      phase = .active
      return (nextStep(), [], [])
    case .deactivate:
      guard tasks.isEmpty else { return (nil, tasks.values.map(\.task), []) }
      let finished = finishDeactivation()
      return (finished.step, [], finished.subscribers)
    }
  }

  /// Flips a deactivation to inactive once its bound tasks were cancelled; returns what comes
  /// next, the tasks bound meanwhile (to cancel too) and the subscribers to yield `false` to.
  mutating func finishDeactivation() -> (
    step: Step, tasksToCancel: [Task<Void, Never>],
    subscribers: [AsyncStream<Bool>.Continuation]
  ) {
    phase = .inactive
    let bound = tasks.values.map(\.task)
    let yieldFalse = Array(subscribers.values)
    return (nextStep(), bound, yieldFalse)
  }

  /// The edge from the current phase toward `requested`, entering it; or done.
  ///
  /// The callbacks are handed over, not kept: they capture the interactor, which owns this
  /// lifecycle, so a callback kept here would be a retain cycle.
  private mutating func nextStep() -> Step {
    defer {
      didBecomeActive = nil
      willResignActive = nil
    }
    switch (phase, requested) {
    case (.inactive, true):
      phase = .activating
      activity &+= 1
      return .perform(.activate(didBecomeActive ?? {}, subscribers: Array(subscribers.values)))
    case (.active, false):
      phase = .deactivating
      activity &+= 1
      return .perform(.deactivate(willResignActive ?? {}))
    default:
      return .done(takeIdleWaitersIfIdle())
    }
  }

  /// What keeps the lifecycle from being idle besides its bound tasks, if anything.
  var transitionNote: String? {
    switch phase {
    case .activating: return "still activating: didBecomeActive() is running"
    case .deactivating: return "still deactivating: willResignActive() is running"
    case .active, .inactive: return nil
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
    // Its tree's moves leave ``moves`` with it: count the end, so the sum never comes back to a
    // reading taken before.
    activity &+= 1 &+ (removed.executor?.moves ?? 0)
    if removed.parkedOn != nil { parkedCount -= 1 }
    if !removed.childParks.isEmpty { withParkedChildren -= 1 }
    return takeIdleWaitersIfIdle()
  }

  /// No transition is running or about to run, and every task bound to the lifecycle has finished
  /// or is parked where only a test can resume it.
  var isIdle: Bool {
    guard !phase.isTransitioning else { return false }
    // Only a parked task, a task with a parked child, or one that settles when quiet can be
    // settled: with none of them, every task is busy.
    guard parkedCount > 0 || withParkedChildren > 0 || settlesWhenQuiet else {
      return tasks.isEmpty
    }
    return tasks.values.allSatisfy(\.isSettled)
  }

  /// ``activity`` with every tree's moves: equal readings with the lifecycle idle at both mean no
  /// task of it ran in between, even one that was quiet again by the second.
  var moves: UInt64 {
    tasks.values.reduce(activity) { $0 &+ ($1.executor?.moves ?? 0) }
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

  mutating func removeIdleWaiter(id: UInt64) -> IdleWaiter? {
    idleWaiters.removeValue(forKey: id)
  }

  private mutating func takeIdleWaitersIfIdle() -> [IdleWaiter] {
    guard !idleWaiters.isEmpty, isIdle else { return [] }
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
      vouchReport = nil
    }
    return (tasks.values.map(\.task), Array(subscribers.values), Array(idleWaiters.values))
  }
}
