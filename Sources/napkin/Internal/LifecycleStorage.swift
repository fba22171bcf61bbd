import NapkinMutex

/// The state of an ``InteractorLifecycle`` behind its lock, in an object of its own.
///
/// A bound task (to record its own end), an `isActiveStream` subscription (to leave) and a tree's
/// executor (to report what it found) hold the storage, not the lifecycle: a weak reference to the
/// lifecycle would move the lifecycle's reference count to a side table, which makes every later
/// retain and release of it slower, and a strong one would keep an interactor released without
/// deactivation alive while its tasks run. The lifecycle's `deinit` empties the storage, which
/// lets go of all of them.
///
/// Isolation: `Sendable`; the state is behind a `Mutex`.
final class LifecycleStorage: Sendable {
  let state = Mutex(LifecycleState())
}
