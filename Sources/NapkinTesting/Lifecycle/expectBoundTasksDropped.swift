import NapkinMutex

/// Runs `body` and checks that it started lifecycle-bound work on an inactive interactor, which
/// napkin drops without running.
///
/// End-of-test checks report every `task {}` started while its interactor was inactive: in a test
/// that is nearly always the mistake of calling `didBecomeActive()` directly instead of
/// `activate()`. When dropping the work *is* the behaviour under test ("a tap while inactive does
/// nothing"), wrap the call in `expectBoundTasksDropped`: the drops inside it are expected, and if
/// none happens, that is reported instead.
///
/// Isolation: runs `body` in the caller's isolation.
///
/// - Returns: The number of bound tasks dropped inside `body`.
///
/// ```swift
/// await expectBoundTasksDropped { await sut.loggedOutDidTapLogin() }
/// #expect(auth.calls == [])
/// ```
@discardableResult
public func expectBoundTasksDropped(
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async rethrows -> Int {
  ToolkitObserver.installOnce()
  let dropped = Mutex(0)
  try await LifecycleDiagnostics.withTaskDropped({ dropped.withLock { $0 += 1 } }) {
    try await body()
  }
  let count = dropped.withLock { $0 }
  if count == 0 {
    Reporter.report(
      "expectBoundTasksDropped: no lifecycle-bound task was dropped; the interactor was active, or the "
        + "work did not start in task {}.",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
  return count
}

/// Runs `body` and checks that it started lifecycle-bound work on an inactive interactor.
@available(
  *, deprecated, renamed: "expectBoundTasksDropped(isolation:fileID:filePath:line:column:_:)"
)
@discardableResult
public func expectTasksDropped(
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async rethrows -> Int {
  try await expectBoundTasksDropped(
    isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column, body)
}
