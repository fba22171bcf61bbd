import NapkinMutex

/// The activation state, lifecycle-bound tasks and activation streams of one interactor.
///
/// An interactor stores one lifecycle as `nonisolated let lifecycle = InteractorLifecycle()`
/// and the ``Interactable`` defaults drive it. Transitions are serialized: concurrent
/// `activate` calls run the callback once per inactive→active edge, concurrent `deactivate`
/// calls run theirs once per active→inactive edge, and the two callbacks strictly alternate.
/// A call made while another transition runs waits for it to finish, then applies its own.
///
/// - `activate(invoking:)` flips ``isActive`` to `true`, yields `true` to every
///   ``isActiveStream`` subscriber, then runs the callback.
/// - `deactivate(invoking:)` runs the callback while still active, then cancels every bound
///   task, flips ``isActive`` to `false` and yields `false`.
/// - A transition requested from inside a running callback (for example a router detaching the
///   interactor from its own `didBecomeActive()`) is queued and performed when the callback
///   returns, instead of deadlocking.
/// - A task registered while the lifecycle is inactive never runs: ``register(priority:_:)``
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
  private let state = Mutex(LifecycleState())

  /// Creates an inactive lifecycle with no bound tasks and no subscribers.
  public init() {}

  deinit {
    let (tasks, subscribers) = state.withLock { $0.tearDown() }
    for task in tasks { task.cancel() }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// Whether the lifecycle is active: `true` from the start of activation until deactivation
  /// has cancelled the bound tasks.
  public var isActive: Bool {
    state.withLock { $0.isActive }
  }

  /// The number of bound tasks that have not finished yet, cancelled ones included.
  ///
  /// A bound task leaves this count when its operation returns, so after deactivation it falls to
  /// zero as soon as every task has observed its cancellation.
  public var boundTaskCount: Int {
    state.withLock { $0.tasks.count }
  }

  /// The bound tasks that have not finished yet, cancelled ones included.
  ///
  /// Await their values to know that every piece of bound work has ended.
  public var boundTasks: [Task<Void, Never>] {
    state.withLock { Array($0.tasks.values) }
  }

  /// The number of live ``isActiveStream`` subscribers.
  ///
  /// A subscriber leaves as soon as its stream is cancelled or released.
  public var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// A stream that yields the current activation state, then every transition.
  ///
  /// Each access returns an independent, unbounded stream. It finishes when the lifecycle is
  /// released, and unsubscribes when the consumer stops iterating.
  public var isActiveStream: AsyncStream<Bool> {
    let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
    let id = state.withLock { $0.makeID() }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { $0.removeSubscriber(id: id) }
    }
    state.withLock { state in
      // Yielding under the lock orders the initial value before any later transition.
      continuation.yield(state.isActive)
      state.insertSubscriber(continuation, id: id)
    }
    return stream
  }

  /// Activates the lifecycle and runs `didBecomeActive` once per inactive→active edge.
  ///
  /// Returns at once if already active. If a transition is running on another task, waits for
  /// it first. Runs in the caller's isolation, so an actor's callback needs no extra hop.
  ///
  /// - Parameter didBecomeActive: Runs after the flag flipped to `true`.
  public nonisolated(nonsending) func activate(
    invoking didBecomeActive: @escaping @Sendable () async -> Void
  ) async {
    while true {
      switch state.withLock({ $0.requestActivation() }) {
      case .alreadyDone:
        return
      case .perform(let subscribers, let generation):
        for subscriber in subscribers { subscriber.yield(true) }
        await runCallback(didBecomeActive, generation: generation)
        let completion = state.withLock { $0.finishActivation() }
        await complete(completion)
        return
      case .wait:
        if await queueOrWait(.activate(didBecomeActive)) { return }
      }
    }
  }

  /// Runs `willResignActive` once per active→inactive edge, then cancels every bound task and
  /// flips the flag to `false`.
  ///
  /// Returns at once if already inactive. If a transition is running on another task, waits for
  /// it first.
  ///
  /// - Parameter willResignActive: Runs while the lifecycle is still active.
  public nonisolated(nonsending) func deactivate(
    invoking willResignActive: @escaping @Sendable () async -> Void
  ) async {
    while true {
      switch state.withLock({ $0.requestDeactivation() }) {
      case .alreadyDone:
        return
      case .perform(_, let generation):
        await runCallback(willResignActive, generation: generation)
        // Cancel while still deactivating (cancellation handlers are user code: not under the
        // lock), so `isActive` stays true until the bound tasks are cancelled.
        for task in state.withLock({ Array($0.tasks.values) }) { task.cancel() }
        let completion = state.withLock { state in
          let completion = state.finishDeactivation()
          // Yielding in the step that flips the flag orders `false` before the `true` of any
          // activation that starts next on another task.
          for subscriber in completion.subscribers { subscriber.yield(false) }
          return completion
        }
        // Tasks bound while the others were being cancelled; cancelling twice is harmless.
        for task in completion.tasksToCancel { task.cancel() }
        await complete(completion)
        return
      case .wait:
        if await queueOrWait(.deactivate(willResignActive)) { return }
      }
    }
  }

  /// Starts `operation` as a task bound to this lifecycle: cancelled on deactivation or release.
  ///
  /// The task inherits `priority` and runs `operation` in its own isolation. If the lifecycle is
  /// inactive, `operation` never runs and the returned task is already cancelled.
  ///
  /// - Returns: The bound task; awaiting its value waits for `operation` to end.
  @discardableResult
  public func register(
    priority: TaskPriority? = nil,
    _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    // Creating the task under the lock is safe (no user code runs synchronously) and guarantees
    // it is in the bag before its own removal can run.
    let task: Task<Void, Never>? = state.withLock { state in
      guard state.isActive else { return nil }
      let id = state.makeID()
      let task = Task(priority: priority) { [weak self] in
        await operation()
        self?.state.withLock { $0.removeTask(id: id) }
      }
      state.insertTask(task, id: id)
      return task
    }
    if let task { return task }
    LifecycleDiagnostics.taskDropped?()
    let dropped = Task<Void, Never> {}
    dropped.cancel()
    return dropped
  }

  // MARK: Private

  private nonisolated(nonsending) func runCallback(
    _ callback: @Sendable () async -> Void, generation: UInt64
  ) async {
    var running = TransitionContext.running
    running[ObjectIdentifier(self)] = generation
    await TransitionContext.$running.withValue(running) {
      await callback()
    }
  }

  private nonisolated(nonsending) func complete(_ completion: LifecycleState.Completion) async {
    for waiter in completion.waiters { waiter.resume() }
    switch completion.pending {
    case .activate(let callback)?: await activate(invoking: callback)
    case .deactivate(let callback)?: await deactivate(invoking: callback)
    case nil: break
    }
  }

  /// Queues the request when called from inside a running callback, else waits for the running
  /// transition. Returns `true` when the request was queued and the caller must return.
  private nonisolated(nonsending) func queueOrWait(_ request: LifecycleState.Pending) async -> Bool
  {
    if let generation = TransitionContext.running[ObjectIdentifier(self)],
      state.withLock({ $0.setPending(request, callbackGeneration: generation) })
    {
      return true
    }
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let parked = state.withLock { $0.enqueueWaiter(waiter) }
      if !parked { waiter.resume() }
    }
    return false
  }
}
