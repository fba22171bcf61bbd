import NapkinMutex

/// Numbers test contexts (issue collectors, end-of-test scopes) for their whole process: unlike an
/// `ObjectIdentifier`, a number is never reused by an object allocated where a freed one was.
///
/// Isolation: `Sendable`; one atomic counter.
enum Serial {
  private static let last = Atomic<UInt64>(0)

  /// A number no other caller gets.
  static func next() -> UInt64 {
    last.add(1, ordering: .relaxed).newValue
  }
}
