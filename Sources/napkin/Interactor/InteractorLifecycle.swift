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
  /// The state behind its lock; bound tasks hold it too (see ``LifecycleStorage``).
  let storage = LifecycleStorage()

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
    continuation.onTermination = { [storage] _ in
      storage.state.withLock { $0.removeSubscriber(id: id) }
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
  @inline(__always)
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
    runningOn runner: InlineJobRunner? = nil,
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
      let executor =
        observed
        ? BoundTaskExecutor(
          confirmsAlways: state.settlesWhenQuiet,
          passingThrough: Self.passages(actors + [operation.isolation].compactMap { $0 }),
          runningOn: runner
        ) { [storage] event in
          switch event {
          case .quiet: Self.treeQuieted(in: storage)
          case .movedFromOutside: Self.treeMovedFromOutside(id: id, in: storage)
          }
        } : nil
      let body: @Sendable () async -> Void
      if let executor {
        let marker = BoundTaskMarker(lifecycle: self, id: id)
        body = { [storage] in
          await BoundTaskMarker.$current.withValue(marker.boundToCurrentTask()) {
            await operation()
          }
          // Its children ended before it: nothing of the tree is left to confirm.
          executor.treeEnded()
          Self.finishTask(id: id, in: storage)
        }
      } else {
        body = { [storage] in
          await operation()
          Self.finishTask(id: id, in: storage)
        }
      }
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

  static func resume(_ waiters: [LifecycleState.IdleWaiter], returning idle: Bool) {
    for waiter in waiters {
      waiter.continuation.resume(returning: idle)
    }
  }
}
