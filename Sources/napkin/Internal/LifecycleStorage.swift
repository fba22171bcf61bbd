import NapkinMutex

/// The state of an ``InteractorLifecycle`` behind its lock, in an object of its own.
///
/// A bound task holds the storage, not the lifecycle, to record its own end: a weak reference to
/// the lifecycle would move the lifecycle's reference count to a side table, which makes every
/// later retain and release of it slower, and a strong one would keep an interactor released
/// without deactivation alive while its tasks run.
///
/// Isolation: `Sendable`; the state is behind a `Mutex`.
final class LifecycleStorage: Sendable {
  let state = Mutex(LifecycleState())
}
