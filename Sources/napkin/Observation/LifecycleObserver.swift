/// What a test toolkit learns from napkin: the one seam between the framework and its tests.
///
/// Package-only. napkin keeps no test machinery: it calls the observer installed with
/// ``LifecycleObservation/install(_:)`` at the few points where a test toolkit must know
/// something, and with none installed (in an app) each point costs one atomic load and a branch.
///
/// - A bound task is registered: the observer supplies the task's executor preference and wraps
///   its operation (to bind its task-locals); it hears the task bound (or dropped), then ended.
/// - A transition begins and ends, once per edge; the next edge of a running loop begins before
///   the one before it ends.
/// - A lifecycle is released: the record in its one opaque ``ObserverSlot`` is handed back.
/// - A router attached or detached a child.
/// - napkin found a programming error it can recover from (a router attached twice).
///
/// Methods are called outside napkin's locks and must not call back into the lifecycle that
/// called them, except through its `observerSlot`.
///
/// Isolation: `Sendable`; installed once, read from any isolation.
package protocol LifecycleObserver: AnyObject, Sendable {
  /// How a bound task of `lifecycle`, registered at `fileID`:`line`, runs. `actor` is the
  /// interactor the task works on, if it was started with `task {}`.
  func boundTaskWillStart(
    on lifecycle: InteractorLifecycle, fileID: String, line: UInt, actor: (any Actor)?,
    _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> ObservedBoundTask

  /// `lifecycle` started an edge: activating (`true`) or deactivating.
  func transitionBegan(on lifecycle: InteractorLifecycle, activating: Bool)

  /// `lifecycle` finished an edge.
  func transitionEnded(on lifecycle: InteractorLifecycle)

  /// A lifecycle holding `record` in its ``InteractorLifecycle/observerSlot`` was released.
  func lifecycleReleased(record: any AnyObject & Sendable)

  /// `router` attached (`attached` is `true`) or detached `child`; `children` changed already.
  @MainActor func childrenChanged(of router: any Routing, child: any Routing, attached: Bool)

  /// Reports a programming error napkin can recover from; returns `true` if it was reported,
  /// and napkin then leaves its state as it was.
  func programmingError(_ message: String) -> Bool
}

/// A bound task as the observer wants it run: a tuple, which needs no initializer across modules.
///
/// Package-only; see ``LifecycleObserver/boundTaskWillStart(on:fileID:line:actor:_:)``.
/// - `executor`: the executor the task prefers, if any.
/// - `operation`: the task's operation, wrapped; napkin runs it in place of the registered one.
/// - `registered`: runs once the task is bound, with the task; or with `nil` if napkin dropped it
///   (the lifecycle was inactive). On the registering task, outside napkin's lock.
/// - `ended`: runs when the task ended: after `operation` returned and napkin marked it ended.
package typealias ObservedBoundTask = (
  executor: (any TaskExecutor)?, operation: @Sendable () async -> Void,
  registered: @Sendable (Task<Void, Never>?) -> Void, ended: @Sendable () -> Void
)
