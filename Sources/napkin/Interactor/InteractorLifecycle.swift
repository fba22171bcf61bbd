import Dispatch
import NapkinMutex

/// The activation state, lifecycle-bound tasks and activation streams of one interactor.
///
/// An interactor stores one lifecycle as `nonisolated let lifecycle = InteractorLifecycle()`
/// and the ``Interactable`` defaults drive it. The lifecycle keeps the state the last caller
/// asked for beside the state the callbacks reached, and converges one to the other: the callback
/// runs once per inactive→active or active→inactive edge, the two strictly alternate, and no
/// request is lost (the state the lifecycle settles in is always the last one asked for).
///
/// A caller that finds no transition running performs the transitions itself until the state is
/// the one last asked for, then returns. A caller that finds one running (on another task, or
/// from inside a callback) records its request and returns at once; the running transition
/// applies it when its callback returns. No caller waits for another, so a callback that asks for
/// a transition cannot deadlock. A test that must see the lifecycle where it asked awaits
/// `settle(_:)` (an interactor in the middle of a transition is not idle) or `isActiveStream`.
///
/// - `activate(invoking:)` flips ``isActive`` to `true`, yields `true` to every
///   ``isActiveStream`` subscriber, then runs the callback.
/// - `deactivate(invoking:)` runs the callback while still active, then cancels every bound
///   task, flips ``isActive`` to `false` and yields `false`.
/// - A transition requested from inside a running callback (for example a router detaching the
///   interactor from its own `didBecomeActive()`) is performed when the callback returns.
/// - A task registered while the lifecycle is inactive never runs: ``register(priority:fileID:line:_:)``
///   returns an already-cancelled task whose operation is dropped. Bind tasks in
///   `didBecomeActive()`, where the lifecycle is already active.
/// - Releasing a lifecycle without deactivating it cancels its bound tasks and finishes its
///   streams.
///
/// Isolation: `Sendable`; every member may be called from any isolation. All state sits behind
/// one `Mutex`; the lock is never held across an `await` or while a callback or bound task runs.
///
/// ```swift
/// final actor CounterInteractor: Interactable {
///   nonisolated let lifecycle = InteractorLifecycle()
/// }
/// ```
public final class InteractorLifecycle: Sendable {
  private let storage = LifecycleStorage()

  /// Creates an inactive lifecycle with no bound tasks and no subscribers.
  public init() {}

  /// A lifecycle whose bound tasks count as settled whenever nothing of their tree can run, for a
  /// test toolkit's own actions (which may await work they handed to an interactor).
  package init(settlingWhenQuiet: Bool) {
    storage.state.withLock { $0.settlesWhenQuiet = settlingWhenQuiet }
  }

  deinit {
    let (tasks, subscribers, idleWaiters) = storage.state.withLock { $0.tearDown() }
    for task in tasks { task.cancel() }
    for subscriber in subscribers { subscriber.finish() }
    Self.resume(idleWaiters, returning: true)
  }

  /// Whether the lifecycle is active: `true` from the start of activation until deactivation
  /// has cancelled the bound tasks.
  public var isActive: Bool {
    storage.state.withLock { $0.isActive }
  }

  /// The number of bound tasks that have not finished yet, cancelled ones included.
  ///
  /// A bound task leaves this count when its operation returns, so after deactivation it falls to
  /// zero as soon as every task has observed its cancellation.
  public var boundTaskCount: Int {
    storage.state.withLock { $0.tasks.count }
  }

  /// The bound tasks that have not finished yet, cancelled ones included.
  ///
  /// Await their values to know that every piece of bound work has ended.
  public var boundTasks: [Task<Void, Never>] {
    storage.state.withLock { $0.tasks.values.map(\.task) }
  }

  /// The number of live ``isActiveStream`` subscribers.
  ///
  /// A subscriber leaves as soon as its stream is cancelled or released.
  public var subscriberCount: Int {
    storage.state.withLock { $0.subscribers.count }
  }

  /// A stream that yields the current activation state, then every transition.
  ///
  /// Each access returns an independent, unbounded stream. It finishes when the lifecycle is
  /// released, and unsubscribes when the consumer stops iterating.
  public var isActiveStream: AsyncStream<Bool> {
    let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
    let id = storage.state.withLock { $0.makeID() }
    continuation.onTermination = { [weak self] _ in
      self?.storage.state.withLock { $0.removeSubscriber(id: id) }
    }
    storage.state.withLock { state in
      // Yielding under the lock orders the initial value before any later transition.
      continuation.yield(state.isActive)
      state.insertSubscriber(continuation, id: id)
    }
    return stream
  }

  /// Asks for the active state, running `didBecomeActive` once per inactive→active edge.
  ///
  /// If no transition is running, the caller performs them itself until the lifecycle is in the
  /// state last asked for, then returns. If one is running (on another task, or this call comes
  /// from inside a callback), the request is recorded and the call returns at once: the running
  /// transition applies it when its callback returns. Runs in the caller's isolation, so an
  /// actor's callback needs no extra hop.
  ///
  /// - Parameter didBecomeActive: Runs after the flag flipped to `true`.
  public nonisolated(nonsending) func activate(
    invoking didBecomeActive: @escaping @Sendable () async -> Void
  ) async {
    guard let edge = storage.state.withLock({ $0.request(active: true, callback: didBecomeActive) })
    else { return }
    await perform(edge)
  }

  /// Asks for the inactive state: runs `willResignActive` once per active→inactive edge, then
  /// cancels every bound task and flips the flag to `false`.
  ///
  /// Like ``activate(invoking:)``, it performs the transitions itself, or records the request
  /// for the transition that is running and returns at once.
  ///
  /// - Parameter willResignActive: Runs while the lifecycle is still active.
  public nonisolated(nonsending) func deactivate(
    invoking willResignActive: @escaping @Sendable () async -> Void
  ) async {
    guard
      let edge = storage.state.withLock({ $0.request(active: false, callback: willResignActive) })
    else { return }
    await perform(edge)
  }

  /// Performs `edge`, then every edge the requests made meanwhile call for, one callback each.
  private nonisolated(nonsending) func perform(_ edge: LifecycleState.Edge) async {
    var edge = edge
    while true {
      switch edge {
      case .activate(let didBecomeActive, let subscribers):
        for subscriber in subscribers { subscriber.yield(true) }
        await didBecomeActive()
      case .deactivate(let willResignActive):
        await willResignActive()
      }
      var (step, tasksToCancel) = storage.state.withLock { state in
        let finished = state.finish(edge)
        // Yielding in the step that flips the flag orders `false` before the next `true`.
        for subscriber in finished.subscribers { subscriber.yield(false) }
        return (finished.step, finished.tasksToCancel)
      }
      if step == nil {
        // Cancel while still deactivating (cancellation handlers are user code: not under the
        // lock), so `isActive` stays true until the bound tasks are cancelled.
        for task in tasksToCancel { task.cancel() }
        let finished = storage.state.withLock { state in
          let finished = state.finishDeactivation()
          // Yielding in the step that flips the flag orders `false` before the next `true`.
          for subscriber in finished.subscribers { subscriber.yield(false) }
          return finished
        }
        // Tasks bound while the others were being cancelled; cancelling twice is harmless.
        (step, tasksToCancel) = (finished.step, finished.tasksToCancel)
        for task in tasksToCancel { task.cancel() }
      }
      switch step {
      case .perform(let next)?: edge = next
      case .done(let idleWaiters)?:
        Self.resume(idleWaiters, returning: true)
        return
      case nil: return
      }
    }
  }

  /// Starts `operation` as a task bound to this lifecycle: cancelled on deactivation or release.
  ///
  /// The task inherits `priority` and runs `operation` in its own isolation. If the lifecycle is
  /// inactive, `operation` never runs and the returned task is already cancelled.
  ///
  /// The lifecycle remembers where each task was registered (`fileID` and `line`), so a
  /// diagnostic about work that did not end can name the `task {}` that started it.
  ///
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - fileID: Where the task is registered; keep the default.
  ///   - line: Where the task is registered; keep the default.
  ///   - operation: The work, run in its own isolation.
  /// - Returns: The bound task; awaiting its value waits for `operation` to end.
  @discardableResult
  public func register(
    priority: TaskPriority? = nil, fileID: String = #fileID, line: UInt = #line,
    _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    register(priority: priority, fileID: fileID, line: line, passingThrough: [], operation)
  }

  /// Registers as ``register(priority:fileID:line:_:)`` does, for a task that works on `actors`
  /// (its interactor's): under a test toolkit, settling its tree also waits for jobs of it queued
  /// on them, or on the actor `operation` is isolated to, behind work from outside the tree.
  @discardableResult
  package func register(
    priority: TaskPriority?, fileID: String, line: UInt, passingThrough actors: [any Actor],
    _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    // Creating the task under the lock is safe (no user code runs synchronously) and guarantees
    // it is in the bag before its own removal can run.
    let task: Task<Void, Never>? = storage.state.withLock { state in
      guard state.isActive else { return nil }
      let id = state.makeID()
      // Under a test toolkit the task and its structured children prefer an executor of their
      // own, so settling can tell when nothing in the tree can run, and carry a marker, so a test
      // double they call can park the task. An app's bound tasks need neither.
      let observed = BoundTaskObservation.isEnabled
      let body: @Sendable () async -> Void
      if observed {
        body = { [weak self, storage] in
          let marker = BoundTaskMarker(lifecycle: self, id: id)
          await BoundTaskMarker.$current.withValue(marker) { await operation() }
          Self.finishTask(id: id, in: storage)
        }
      } else {
        body = { [storage] in
          await operation()
          Self.finishTask(id: id, in: storage)
        }
      }
      let executor =
        observed
        ? BoundTaskExecutor(
          confirmsAlways: state.settlesWhenQuiet,
          passingThrough: Self.passages(actors + [operation.isolation].compactMap { $0 })
        ) { [weak self] event in
          switch event {
          case .quiet: self?.treeQuieted()
          case .movedFromOutside: self?.treeMovedFromOutside(id: id)
          }
        } : nil
      let task =
        if let executor {
          Task(executorPreference: executor, priority: priority, operation: body)
        } else {
          Task(priority: priority, operation: body)
        }
      var bound = LifecycleState.BoundTask(task: task, fileID: fileID, line: line)
      bound.executor = executor
      bound.settlesWhenQuiet = state.settlesWhenQuiet
      state.insertTask(bound, id: id)
      return task
    }
    if let task { return task }
    LifecycleDiagnostics.taskDropped?()
    let dropped = Task<Void, Never> {}
    dropped.cancel()
    return dropped
  }

  // MARK: Private

  /// The actors a bound task's tree may wait on outside its own executor, each once; the main
  /// actor is passed through anyway.
  private static func passages(_ actors: [any Actor]) -> [any Actor] {
    var found: [any Actor] = []
    for actor in actors
    where actor !== MainActor.shared && !found.contains(where: { $0 === actor }) {
      found.append(actor)
    }
    return found
  }

  private static func finishTask(id: UInt64, in storage: LifecycleStorage) {
    resume(storage.state.withLock { $0.removeTask(id: id) }, returning: true)
  }

  private static func resume(_ waiters: [LifecycleState.IdleWaiter], returning idle: Bool) {
    for waiter in waiters {
      waiter.continuation.resume(returning: idle)
    }
  }

  // MARK: Idleness (package: for the test toolkit)

  /// Whether no transition is running or about to run and every bound task has finished or is
  /// parked where only a test can resume it; and what moved so far (tasks bound, resumptions,
  /// jobs of their trees): equal readings, idle at both, mean nothing ran in between.
  package var idleness: (isIdle: Bool, activity: UInt64) {
    storage.state.withLock { ($0.isIdle, $0.moves) }
  }

  /// What keeps the lifecycle from being idle besides its bound tasks (a transition running or
  /// about to run), such as `still activating: didBecomeActive() is running`; `nil` if nothing.
  package var transitionNote: String? {
    storage.state.withLock { $0.transitionNote }
  }

  /// Every bound task that has not finished: where it was registered and what it is parked on.
  package var boundTaskDescriptions: [BoundTaskDescription] {
    storage.state.withLock { state in
      state.tasks.sorted { $0.key < $1.key }.map(\.value.description)
    }
  }

  /// Relies on every settled bound task staying put until a test resumes it.
  ///
  /// A bound task's tree looks settled when nothing of it can run, but a task of it may wait on
  /// something a test toolkit cannot see (a real service, a plain continuation) that resumes it
  /// later. If such a resumption comes before a test resumes anything of that tree, the report
  /// runs once for the tree, on the resuming thread, with the task as it is then (as it was
  /// vouched for: nothing of it was resumed by a test meanwhile). A task that was cancelled
  /// meanwhile is not reported: cancelling resumes what it waits on.
  ///
  /// - Parameters:
  ///   - key: Who vouches; while it stays the same, the report made for it the first time is kept
  ///     and `makeReport` is not called again.
  ///   - makeReport: Makes the report, if `key` changed.
  /// - Returns: Whether any task was vouched for (only tasks with an observed tree can be).
  @discardableResult
  package func vouchForSettledTasks(
    key: VouchKey, _ makeReport: () -> @Sendable (BoundTaskDescription) -> Void
  ) -> Bool {
    storage.state.withLock { state in
      var vouched = false
      // A task that settles whenever its tree is quiet (a test toolkit's own action) may await
      // other trees or the main actor by design: only the trees it awaits are vouched for.
      for bound in state.tasks.values where bound.isSettled && !bound.settlesWhenQuiet {
        if bound.executor?.vouch() == true { vouched = true }
      }
      if vouched, state.vouchReport?.key != key {
        state.vouchReport = (key, makeReport())
      }
      return vouched
    }
  }

  /// A settled tree vouched for was resumed from outside: reports it, unless it was cancelled.
  private func treeMovedFromOutside(id: UInt64) {
    let found = storage.state.withLock { state in
      state.tasks[id].flatMap { bound in
        state.vouchReport.map { (bound.task, bound.description, $0.report) }
      }
    }
    guard let (task, description, report) = found, !task.isCancelled else { return }
    report(description)
  }

  /// Suspends until every bound task has finished or is parked where only a test can resume it.
  ///
  /// Event-driven: resumed by the task that finishes or parks last. Returns `false` if `deadline`
  /// passes first or the calling task is cancelled.
  package func waitUntilIdle(until deadline: ContinuousClock.Instant) async -> Bool {
    if storage.state.withLock({ $0.isIdle }) { return true }
    let id = storage.state.withLock { $0.makeID() }
    // A dispatch timer, not a task: it takes no thread while it waits, and cancelling it wakes
    // nothing, so a wait that ends in time costs no more than resuming it. Only this task holds
    // it; it is cancelled once the wait ended, however it ended.
    var timer: DispatchWorkItem?
    defer { timer?.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
        // Checked under the lock the cancellation handler takes, so a cancellation either finds
        // the waiter or is seen here.
        let outcome: Bool? = storage.state.withLock { state in
          if Task.isCancelled { return false }
          return state.enqueueIdleWaiter(waiter, id: id) ? nil : true
        }
        if let outcome {
          waiter.resume(returning: outcome)
          return
        }
        // Scheduled only once the waiter is registered, so even a zero timeout finds it.
        let item = DispatchWorkItem { [weak self] in self?.giveUpIdleWait(id: id) }
        let delay = min(max(ContinuousClock.now.duration(to: deadline), .zero), .seconds(1 << 30))
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(
          deadline: .now() + .nanoseconds(nanoseconds), execute: item)
        timer = item
      }
    } onCancel: {
      giveUpIdleWait(id: id)
    }
  }

  /// Marks bound task `id` parked on `reason`.
  func park(id: UInt64, on reason: String) -> UInt64? {
    guard let (token, waiters) = storage.state.withLock({ $0.park(id: id, on: reason) }) else {
      return nil
    }
    Self.resume(waiters, returning: true)
    return token
  }

  /// Marks bound task `id` busy again after park `token`.
  func unpark(id: UInt64, token: UInt64) {
    storage.state.withLock { $0.unpark(id: id, token: token) }
  }

  /// Marks a structured child of bound task `id` parked on `reason`, if the current task is one
  /// (it prefers the task's executor); returns the park's token, else `nil`.
  func parkChild(of id: UInt64, on reason: String) -> UInt64? {
    guard
      let (token, executor) = storage.state.withLock({ state -> (UInt64, BoundTaskExecutor)? in
        guard let executor = state.tasks[id]?.executor, executor.isPreferredByCurrentTask
        else { return nil }
        return state.parkChild(of: id, on: reason)
      })
    else { return nil }
    executor.childParked()
    return token
  }

  /// Marks the child park `token` of bound task `id` resumed.
  func unparkChild(of id: UInt64, token: UInt64) {
    storage.state.withLock { $0.unparkChild(of: id, token: token) }
  }

  /// A bound task's tree was confirmed quiet: resumes the idle waiters if it made the lifecycle
  /// idle.
  private func treeQuieted() {
    Self.resume(storage.state.withLock { $0.treeQuieted() }, returning: true)
  }

  private func giveUpIdleWait(id: UInt64) {
    guard let waiter = storage.state.withLock({ $0.removeIdleWaiter(id: id) }) else { return }
    Self.resume([waiter], returning: false)
  }
}
