import NapkinMutex

/// The state of an ``InteractorLifecycle`` behind its lock, in an object of its own.
///
/// An `isActiveStream` subscription holds the storage, not the lifecycle, to leave: a weak
/// reference to the lifecycle would move its reference count to a side table, which makes every
/// later retain and release of it slower, and a strong one would keep an interactor released
/// without deactivation alive. The lifecycle's `deinit` empties the storage.
typealias LifecycleStorage = SharedMutex<LifecycleState>
