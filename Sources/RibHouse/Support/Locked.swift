import Foundation

/// A value that many tasks read and change, one at a time, behind a lock.
///
/// The app's own small lock: an `NSLock`, which the thread sanitizer sees on every platform.
/// Never hold it across an `await` or while calling code that may take it again.
///
/// Isolation: `Sendable`; every access to the value holds the lock.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  /// Creates the lock around `value`.
  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value while holding the lock.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
