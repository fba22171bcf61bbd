import Synchronization

/// Where the ``LifecycleObserver`` is installed: nowhere in an app, once by a test toolkit.
///
/// Package-only. Other modules reach it only through ``install(_:)``, never its storage: a
/// release build once inlined a package static's storage into another module uninitialized.
///
/// Isolation: `Sendable`; written once, then read with one atomic load.
package enum LifecycleObservation {
  private final class Box: Sendable {
    let observer: any LifecycleObserver
    init(_ observer: any LifecycleObserver) { self.observer = observer }
  }

  /// The installed box's address, retained for good; 0 while none is installed. A plain atomic
  /// word, not an `AtomicLazyReference`, whose unspecialized load looked up generic metadata on
  /// every read.
  private static let installed = Atomic<UInt>(0)

  /// Installs `observer`, unless one is installed already.
  @inline(never)
  package static func install(_ observer: any LifecycleObserver) {
    let box = Unmanaged.passRetained(Box(observer))
    let bits = UInt(bitPattern: box.toOpaque())
    let (exchanged, _) = installed.compareExchange(
      expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    if !exchanged { box.release() }
  }

  /// The installed observer, if any.
  static var observer: (any LifecycleObserver)? {
    @inline(__always) get {
      guard let box = UnsafeRawPointer(bitPattern: installed.load(ordering: .acquiring)) else {
        return nil
      }
      return Unmanaged<Box>.fromOpaque(box).takeUnretainedValue().observer
    }
  }
}

/// Reports a programming error napkin can recover from to the observer, which fails the test that
/// made it; with no observer (in an app), stops the process with `message`, as a precondition
/// does (`fatalError` keeps the message in release builds).
///
/// Returns only if the error was reported: the caller then leaves its state unchanged.
func recoverableProgrammingError(
  _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
) {
  if let observer = LifecycleObservation.observer, observer.programmingError(message()) { return }
  fatalError(message(), file: file, line: line)
}
