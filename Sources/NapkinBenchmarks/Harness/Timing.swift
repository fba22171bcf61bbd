/// Measuring on the monotonic clock, and keeping the optimizer from deleting measured work.
enum Timing {
  static let clock = ContinuousClock()

  /// Nanoseconds in `duration`.
  static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  /// Nanoseconds per operation of `body`, which performs `operations` operations.
  static func perOperation(_ operations: Int, _ body: () -> Void) -> Double {
    let start = clock.now
    body()
    return nanoseconds(clock.now - start) / Double(operations)
  }

  /// Nanoseconds per operation of the asynchronous `body`, which performs `operations` operations.
  static nonisolated(nonsending) func perOperation(
    _ operations: Int, _ body: () async -> Void
  ) async -> Double {
    let start = clock.now
    await body()
    return nanoseconds(clock.now - start) / Double(operations)
  }
}

/// Consumes `value` so the optimizer cannot prove the work that produced it unused.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
