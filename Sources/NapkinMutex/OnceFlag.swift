#if canImport(Glibc) || canImport(Musl)
  import struct Synchronization.Atomic
#else
  import Synchronization
#endif

/// A flag set once, in an object of its own: one side sets it with no lock, another reads it.
///
/// A bound task sets its flag as it ends, and its lifecycle drops finished tasks when it next
/// reads its bag: the ending task takes no lock, so it never waits for the thread that registers
/// the next one.
///
/// Isolation: `Sendable`; one atomic flag.
///
/// ```swift
/// let ended = OnceFlag()
/// Task { await work(); ended.set() }
/// ```
package final class OnceFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Creates a flag that is not set.
  package init() {}

  /// Sets the flag.
  package func set() {
    flag.store(true, ordering: .releasing)
  }

  /// Whether the flag is set.
  package var isSet: Bool {
    flag.load(ordering: .acquiring)
  }
}
