import NapkinMutex

/// Where napkin sends a programming error that it can recover from, such as attaching a router
/// that is already attached.
///
/// Package-only. In an app nothing is installed and such an error stops the process with its
/// message, as a precondition does. A test toolkit installs a handler once, before any test can
/// reach such an error; the handler reports the error as a failure of the test that made it and
/// returns `true`, and napkin then leaves things as they were (the child is not attached again),
/// so every other test in the run goes on.
///
/// Isolation: `Sendable`; the handler is written once and read under a lock.
package enum ProgrammingErrors {
  private static let handler = Mutex<(@Sendable (String) -> Bool)?>(nil)

  /// Installs the handler of recoverable programming errors, if none is installed yet.
  @inline(never)
  package static func install(_ report: @escaping @Sendable (String) -> Bool) {
    handler.withLock { installed in
      if installed == nil { installed = report }
    }
  }

  /// Reports `message` to the installed handler; stops the process if none takes it, with the
  /// message (`fatalError` keeps it in release builds, where a precondition's is dropped).
  ///
  /// Returns only if the error was reported: the caller then leaves its state unchanged.
  @inline(never)
  package static func recoverable(
    _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
  ) {
    let message = message()
    let report = handler.withLock { $0 }
    if let report, report(message) { return }
    fatalError(message, file: file, line: line)
  }
}
