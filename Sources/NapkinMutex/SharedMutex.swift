#if canImport(Glibc) || canImport(Musl)
  #if canImport(Glibc)
    public import Glibc
  #else
    public import Musl
  #endif

  /// A value and its mutex in one object, held by reference: one allocation where a class holding
  /// a ``Mutex`` costs three on Linux (the class, the mutex and the value).
  ///
  /// For state that several owners share, such as a lifecycle and the streams that leave it. The
  /// mutex is a normal pthread mutex, which the thread sanitizer sees; not adaptive, as ``Mutex``
  /// is, since a shared state's lock is held for a few lines and rarely contended.
  ///
  /// Isolation: `@unchecked Sendable` because the value is only reached under the mutex.
  ///
  /// ```swift
  /// let count = SharedMutex(0)
  /// count.withLock { $0 += 1 }
  /// ```
  @usableFromInline
  package struct SharedMutex<Value>: @unchecked Sendable {
    /// The value (the header) and the mutex (the one element).
    @usableFromInline
    final class Buffer: ManagedBuffer<Value, pthread_mutex_t> {
      @inlinable deinit {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
      }
    }

    /// Keeps the value and the mutex alive, at the addresses below.
    @usableFromInline let buffer: Buffer
    /// The value and the mutex, inside `buffer`: a `ManagedBuffer`'s header and elements stay
    /// where they are for the object's life, so the lock needs no closure to reach them (which a
    /// debug build, where nothing is specialized, pays for on every lock).
    @usableFromInline let value: UnsafeMutablePointer<Value>
    @usableFromInline let lock: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a shared mutex guarding `initialValue`.
    @inlinable
    package init(_ initialValue: Value) {
      buffer = unsafeDowncast(
        Buffer.create(minimumCapacity: 1) { _ in initialValue }, to: Buffer.self)
      (value, lock) = buffer.withUnsafeMutablePointers { ($0, $1) }
      let status = pthread_mutex_init(lock, nil)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      return try body(&value.pointee)
    }
  }
#else
  /// A value and its mutex in one object, held by reference.
  ///
  /// For state that several owners share, such as a lifecycle and the streams that leave it.
  ///
  /// Isolation: `Sendable`; the value is only reached under the mutex.
  ///
  /// ```swift
  /// let count = SharedMutex(0)
  /// count.withLock { $0 += 1 }
  /// ```
  @usableFromInline
  package struct SharedMutex<Value>: Sendable {
    @usableFromInline
    final class Buffer: Sendable {
      @usableFromInline let mutex: Mutex<Value>
      @inlinable init(_ value: sending Value) { mutex = Mutex(value) }
    }

    @usableFromInline let buffer: Buffer

    /// Creates a shared mutex guarding `initialValue`.
    @inlinable
    package init(_ initialValue: sending Value) {
      buffer = Buffer(initialValue)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
      try buffer.mutex.withLock { value throws -> sending Result in try body(&value) }
    }
  }
#endif
