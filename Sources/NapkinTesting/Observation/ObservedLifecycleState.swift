/// The pure state machine behind ``ObservedLifecycle``: what NapkinTesting knows of one
/// lifecycle to tell whether it is settled.
///
/// Every method runs under the record's lock and returns the idle waiters to resume, for the
/// caller to resume after unlocking.
struct ObservedLifecycleState {
  /// A task bound to the lifecycle, as settling sees it.
  struct BoundTask {
    let fileID: String
    let line: UInt
    /// What the task waits on while parked where only a test can resume it; `nil` while busy.
    var parkedOn: String?
    /// Numbers the park, so a stale resume of an earlier park is ignored.
    var parkToken: UInt64 = 0
    /// The executor the task and its structured children prefer; `nil` for a task bound before
    /// NapkinTesting observed the lifecycle, which is busy until it ends.
    let executor: BoundTaskExecutor?
    /// What the task's parked structured children wait on, by park token.
    var childParks: [UInt64: String] = [:]
    /// Whether the task counts as settled whenever nothing of its tree can run, parked or not:
    /// a test's own action, which may await work it handed to an interactor.
    let settlesWhenQuiet: Bool
    /// The task, once napkin bound it: cancelling it resumes what it waits on, from outside.
    var task: Task<Void, Never>?

    /// Whether the task is parked itself or only awaits structured children that are parked, and
    /// nothing of its tree can run (its executor is confirmed quiet: a child it started may still
    /// run while the task itself is parked).
    var isSettled: Bool {
      guard let executor else { return false }
      guard parkedOn != nil || settlesWhenQuiet || !childParks.isEmpty else { return false }
      return executor.isQuiet
    }

    /// The task as a diagnostic names it.
    var description: BoundTaskDescription {
      BoundTaskDescription(
        fileID: fileID, line: line, parkedOn: parkedOn,
        childrenParkedOn: childParks.sorted { $0.key < $1.key }.map(\.value),
        isSettled: isSettled)
    }
  }

  /// How this lifecycle's bound tasks run: set by the explorer for its actions' lifecycles.
  struct Configuration {
    /// Whether the tasks count as settled whenever nothing of their tree can run.
    var settlesWhenQuiet = false
    /// Actors a confirmation passes through, besides the task's own.
    var passages: [any Actor] = []
    /// Where the tasks' jobs run while a driver collects them.
    var runner: InlineJobRunner?
    /// Holds the actors' turns the tasks ask for from inside another actor's turn, as choices.
    var holdsTurn: BoundTaskExecutor.TurnHolder?
    /// What a diagnostic calls the tasks, such as "the action `tap`"; `nil` names a task by where
    /// it was registered.
    var name: String?
  }

  var configuration = Configuration()
  /// The interactor's type, once NapkinTesting learns it (a `task {}` it started, an action or
  /// `watch` naming it), for the timeline.
  var interactorName: String?
  private(set) var tasks: [UInt64: BoundTask] = [:]
  /// How many of `tasks` are parked where only a test can resume them.
  private var parkedCount = 0
  /// How many of `tasks` have parked structured children.
  private var withParkedChildren = 0
  /// How many edges napkin reported begun and not yet ended, and the kind of the last one begun.
  private var transitions = 0
  private var lastActivating = false
  /// Counts the events that can make an idle lifecycle busy again, or that change it: a
  /// transition begun, a task bound, a parked task resumed, a task ended (with its tree's moves).
  /// Equal readings with nothing busy in between mean nothing happened.
  private var activity: UInt64 = 0
  private var idleWaiters: [UInt64: CheckedContinuation<Suspension.Outcome, Never>] = [:]
  /// What a test toolkit asked to hear when a tree it relied on is resumed from outside.
  var vouchReport: (key: VouchKey, report: @Sendable (BoundTaskDescription) -> Void)?
  private var nextID: UInt64 = 0

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  // MARK: Transitions

  mutating func transitionBegan(activating: Bool) {
    transitions += 1
    lastActivating = activating
    activity &+= 1
  }

  mutating func transitionEnded() -> (
    waiters: [CheckedContinuation<Suspension.Outcome, Never>], activated: Bool
  ) {
    transitions -= 1
    return (takeIdleWaitersIfIdle(), lastActivating)
  }

  /// What keeps the lifecycle from being idle besides its bound tasks, if anything.
  var transitionNote: String? {
    guard transitions > 0 else { return nil }
    return lastActivating
      ? "still activating: didBecomeActive() is running"
      : "still deactivating: willResignActive() is running"
  }

  // MARK: Bound tasks

  mutating func insertTask(_ task: BoundTask, id: UInt64) {
    tasks[id] = task
    activity &+= 1
  }

  /// Removes a finished task; returns the idle waiters to resume if nothing is busy any more.
  mutating func removeTask(id: UInt64) -> [CheckedContinuation<Suspension.Outcome, Never>] {
    guard let removed = tasks.removeValue(forKey: id) else { return [] }
    // Its tree's moves leave ``moves`` with it: count the end, so the sum never comes back to a
    // reading taken before.
    activity &+= 1 &+ (removed.executor?.moves ?? 0)
    if removed.parkedOn != nil { parkedCount -= 1 }
    if !removed.childParks.isEmpty { withParkedChildren -= 1 }
    return takeIdleWaitersIfIdle()
  }

  /// No transition is running, and every bound task has finished or is parked where only a test
  /// can resume it.
  var isIdle: Bool {
    guard transitions == 0 else { return false }
    // Only a parked task, a task with a parked child, or one that settles when quiet can be
    // settled: with none of them, every task is busy.
    guard parkedCount > 0 || withParkedChildren > 0 || configuration.settlesWhenQuiet else {
      return tasks.isEmpty
    }
    return tasks.values.allSatisfy(\.isSettled)
  }

  /// ``activity`` with every tree's moves: equal readings with the lifecycle idle at both mean no
  /// task of it ran in between, even one that was quiet again by the second.
  var moves: UInt64 {
    tasks.values.reduce(activity) { $0 &+ ($1.executor?.moves ?? 0) }
  }

  /// Napkin bound task `id` as `task`.
  mutating func bound(_ task: Task<Void, Never>, id: UInt64) {
    tasks[id]?.task = task
  }

  /// Marks task `id` parked on `reason`; returns the park's token and the idle waiters to resume,
  /// or `nil` if the task is gone or already parked.
  mutating func park(
    id: UInt64, on reason: String
  ) -> (token: UInt64, waiters: [CheckedContinuation<Suspension.Outcome, Never>])? {
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

  // MARK: Idle waiters

  /// Parks an idle waiter; returns `false` (nothing parked) if the lifecycle is idle already.
  mutating func enqueueIdleWaiter(
    _ waiter: CheckedContinuation<Suspension.Outcome, Never>, id: UInt64
  ) -> Bool {
    guard !isIdle else { return false }
    idleWaiters[id] = waiter
    return true
  }

  mutating func removeIdleWaiter(id: UInt64) -> CheckedContinuation<Suspension.Outcome, Never>? {
    idleWaiters.removeValue(forKey: id)
  }

  /// The idle waiters to resume, if the lifecycle is idle now (after a tree was confirmed quiet).
  mutating func takeIdleWaitersIfIdle() -> [CheckedContinuation<Suspension.Outcome, Never>] {
    guard !idleWaiters.isEmpty, isIdle else { return [] }
    defer { idleWaiters = [:] }
    return Array(idleWaiters.values)
  }

  /// Empties the state when the lifecycle is released; returns the idle waiters to resume.
  mutating func tearDown() -> [CheckedContinuation<Suspension.Outcome, Never>] {
    defer {
      tasks = [:]
      parkedCount = 0
      withParkedChildren = 0
      transitions = 0
      idleWaiters = [:]
      vouchReport = nil
    }
    return Array(idleWaiters.values)
  }
}
