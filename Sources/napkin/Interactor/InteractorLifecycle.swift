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
  let storage = LifecycleStorage(LifecycleState())

  /// NapkinTesting's record of this lifecycle, in an app always empty.
  package let observerSlot = ObserverSlot()

  /// Creates an inactive lifecycle with no bound tasks and no subscribers.
  public init() {}

  deinit {
    let (tasks, subscribers) = storage.withLock { $0.tearDown() }
    for task in tasks { task.cancel() }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// Whether the lifecycle is active: `true` from the start of activation until deactivation
  /// has cancelled the bound tasks.
  public var isActive: Bool {
    storage.withLock { $0.isActive }
  }

  /// The number of bound tasks that have not finished yet, cancelled ones included.
  ///
  /// A bound task leaves this count when its operation returns, so after deactivation it falls to
  /// zero as soon as every task has observed its cancellation.
  public var boundTaskCount: Int {
    storage.withLock { $0.liveTasks.count }
  }

  /// The bound tasks that have not finished yet, cancelled ones included.
  ///
  /// Await their values to know that every piece of bound work has ended.
  public var boundTasks: [Task<Void, Never>] {
    storage.withLock { $0.liveTasks }
  }

  /// The number of live ``isActiveStream`` subscribers.
  ///
  /// A subscriber leaves as soon as its stream is cancelled or released.
  public var subscriberCount: Int {
    storage.withLock { $0.subscribers.count }
  }

  /// A stream that yields the current activation state, then every transition.
  ///
  /// Each access returns an independent, unbounded stream. It finishes when the lifecycle is
  /// released, and unsubscribes when the consumer stops iterating.
  public var isActiveStream: AsyncStream<Bool> {
    let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
    let id = storage.withLock { $0.makeID() }
    continuation.onTermination = { [storage] _ in
      storage.withLock { $0.subscribers[id] = nil }
    }
    storage.withLock { state in
      // Yielding under the lock orders the initial value before any later transition.
      continuation.yield(state.isActive)
      state.subscribers[id] = continuation
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
    await transition(active: true, didBecomeActive, stored: { didBecomeActive }, direct: {})
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
    await transition(
      active: false, willResignActive, stored: { willResignActive }, direct: {})
  }

  /// Asks for `active`, then performs the edges, if this caller must. An edge with no callback
  /// runs `direct` (an interactor's own method, in its isolation: no closure is made and no hop
  /// is taken); `stored` makes the closure a running loop keeps for a request it must apply.
  nonisolated(nonsending) func transition(
    active: Bool, _ callback: LifecycleState.Callback?,
    stored: () -> LifecycleState.Callback, direct: () async -> Void
  ) async {
    let first = storage.withLock {
      $0.request(active: active, callback: callback, stored: stored)
    }
    guard let first else { return }
    let observer = LifecycleObservation.observer
    observer?.transitionBegan(on: self, activating: first.activates)
    var edge = first
    while true {
      if let callback = edge.callback { await callback() } else { await direct() }
      var after = storage.withLock { $0.finish(edge) }
      if case .cancel(let tasks) = after {
        // Cancelled while still deactivating (cancellation handlers are user code: not under the
        // lock), so `isActive` stays true until the bound tasks are cancelled.
        for task in tasks { task.cancel() }
        after = storage.withLock { $0.finish(edge) }
      }
      guard case .finished(let next) = after else { preconditionFailure("Internal inconsistency") }
      // The next edge begins before this one ends, so an observer never sees a gap between them.
      if let next { observer?.transitionBegan(on: self, activating: next.activates) }
      observer?.transitionEnded(on: self)
      guard let next else { return }
      edge = next
    }
  }

  /// Starts `operation` as a task bound to this lifecycle: cancelled on deactivation or release.
  ///
  /// The task inherits `priority` and runs `operation` in its own isolation. If the lifecycle is
  /// inactive, `operation` never runs and the returned task is already cancelled.
  ///
  /// `fileID` and `line` say where the task was registered, so a test toolkit's diagnostic about
  /// work that did not end can name the `task {}` that started it.
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
    register(priority: priority, fileID: fileID, line: line, actor: nil, operation)
  }

  /// Registers as ``register(priority:fileID:line:_:)`` does, for a task started by `actor`'s
  /// `task {}`, which a test toolkit may need to know.
  func register(
    priority: TaskPriority?, fileID: String, line: UInt, actor: (any Actor)?,
    _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let observed = LifecycleObservation.observer?.boundTaskWillStart(
      on: self, fileID: fileID, line: line, actor: actor, operation)
    // Created under the lock (no user code runs synchronously), so a deactivation cannot pass
    // between the check that the lifecycle is active and the binding. An ending task only sets
    // its flag: it takes no lock, so it never waits for a thread registering the next one.
    let end = OnceFlag()
    let bound = storage.withLock { state -> (task: Task<Void, Never>, cancelled: Bool)? in
      guard state.isActive else { return nil }
      // With no observer (in an app), a plain task: it costs less to start than one with an
      // executor preference, even a `nil` one.
      let task =
        observed.map { observed in
          Task(executorPreference: observed.executor, priority: priority) {
            await observed.operation()
            end.set()
            observed.ended()
          }
        }
        ?? Task(priority: priority) {
          await operation()
          end.set()
        }
      return (task, state.bind(task, end: end))
    }
    observed?.registered(bound?.task)
    // Bound while a deactivation cancels the others, or dropped (the lifecycle is inactive, and
    // its operation never runs): cancelled, outside the lock.
    let task = bound?.task ?? Task {}
    if bound?.cancelled ?? true { task.cancel() }
    return task
  }
}
