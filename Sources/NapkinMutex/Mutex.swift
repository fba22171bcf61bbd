#if NAPKIN_THREAD_SANITIZER
  // Atomics are instrumented by the sanitizer as they are.
  @_exported import struct Synchronization.Atomic

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A mutex the thread sanitizer can see: `make tsan` builds the package with it.
  ///
  /// On Linux, `Synchronization.Mutex` locks with raw futex system calls, which the thread
  /// sanitizer does not intercept, so every access inside `withLock` looks like a race. Built
  /// with `-DNAPKIN_THREAD_SANITIZER`, the package's modules get this drop-in instead: the same
  /// `init(_:)` and `withLock(_:)`, over a `pthread_mutex_t`, which the sanitizer understands.
  /// Every other build uses `Synchronization.Mutex` itself, re-exported below.
  ///
  /// Isolation: `Sendable`, like `Synchronization.Mutex`; the value is only reached under the lock.
  ///
  /// ```swift
  /// let count = Mutex(0)
  /// count.withLock { $0 += 1 }
  /// ```
  @usableFromInline
  package struct Mutex<Value: ~Copyable>: ~Copyable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// Creates a mutex guarding `initialValue`.
    @usableFromInline
    package init(_ initialValue: consuming sending Value) {
      lock = .allocate(capacity: 1)
      let status = pthread_mutex_init(lock, nil)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
      value = .allocate(capacity: 1)
      value.initialize(to: initialValue)
    }

    deinit {
      value.deinitialize(count: 1)
      value.deallocate()
      pthread_mutex_destroy(lock)
      lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @usableFromInline
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
  // Every other build: the package's `Mutex` is `Synchronization.Mutex` itself, with no wrapper
  // and no cost. The package's modules import `NapkinMutex` instead of `Synchronization`, so that
  // `make tsan` can swap in the mutex above (built with `-DNAPKIN_THREAD_SANITIZER`).
  @_exported import Synchronization
#endif
