#if canImport(Glibc) || canImport(Musl)
  // Atomics are instrumented by the sanitizer as they are.
  @_exported import struct Synchronization.Atomic

  #if canImport(Glibc)
    public import Glibc
  #else
    public import Musl
  #endif

  /// The mutex of the package's modules on Linux: one the thread sanitizer can see.
  ///
  /// On Linux, `Synchronization.Mutex` locks with raw futex system calls, which the thread
  /// sanitizer does not intercept, so in a sanitized build every access inside its `withLock`
  /// looks like a race. This drop-in has the same `init(_:)` and `withLock(_:)` over a
  /// `pthread_mutex_t`, which the sanitizer intercepts. So a package that depends on napkin runs a
  /// plain `swift test --sanitize=thread` (no flags) with no reports from napkin or
  /// NapkinTesting. It costs a few nanoseconds per lock more than `Synchronization.Mutex` in a
  /// release build (`make bench`). On glibc the mutex is adaptive: a thread that finds it taken
  /// spins briefly before sleeping, since every critical section here is a few lines long (ten
  /// bound tasks ending while their interactor deactivates: 22.7–25.7 µs to 18.2–18.7 µs per
  /// cycle). Apple platforms use `Synchronization.Mutex` itself, whose `os_unfair_lock` the
  /// sanitizer intercepts there.
  ///
  /// Isolation: `Sendable`, like `Synchronization.Mutex`; the value is only reached under the lock.
  ///
  /// ```swift
  /// let count = Mutex(0)
  /// count.withLock { $0 += 1 }
  /// ```
  @usableFromInline
  package struct Mutex<Value: ~Copyable>: ~Copyable {
    @usableFromInline let lock: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Creates a mutex guarding `initialValue`.
    @inlinable
    package init(_ initialValue: consuming sending Value) {
      lock = .allocate(capacity: 1)
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      #if canImport(Glibc)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
      #endif
      let status = pthread_mutex_init(lock, &attributes)
      pthread_mutexattr_destroy(&attributes)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
      value = .allocate(capacity: 1)
      value.initialize(to: initialValue)
    }

    @inlinable
    deinit {
      value.deinitialize(count: 1)
      value.deallocate()
      pthread_mutex_destroy(lock)
      lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// Inlinable, so a release build specializes it for the caller's value and closure, as it
    /// does `Synchronization.Mutex.withLock`.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, E: Error>(
      _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      return try body(&value.pointee)
    }
  }

  // Sendable like Synchronization.Mutex: the value is only ever reached inside the pthread lock.
  extension Mutex: @unchecked Sendable where Value: ~Copyable {}
#else
  // Apple platforms (and Windows): the package's `Mutex` is `Synchronization.Mutex` itself, with
  // no wrapper and no cost. On Apple platforms it locks an `os_unfair_lock`, which the thread
  // sanitizer intercepts.
  @_exported import Synchronization
#endif
