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

  private static let installed = AtomicLazyReference<Box>()

  /// Installs `observer`, unless one is installed already; returns the one installed.
  @inline(never) @discardableResult
  package static func install(_ observer: any LifecycleObserver) -> any LifecycleObserver {
    installed.storeIfNil(Box(observer)).observer
  }

  /// The installed observer, if any.
  static var observer: (any LifecycleObserver)? {
    @inline(__always) get { installed.load()?.observer }
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
