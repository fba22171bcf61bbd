/// Hooks through which a test toolkit learns about lifecycle misuse on the current task.
///
/// Bound to the task (never process-global), so parallel tests each see only their own.
package enum LifecycleDiagnostics {
  /// Called when `register` drops a task because the lifecycle is inactive. Other modules bind
  /// it with ``withTaskDropped(_:isolation:_:)``, not directly (see there).
  @TaskLocal package static var taskDropped: (@Sendable () -> Void)?

  /// Runs `operation` with `handler` called whenever `register` drops a task on its task.
  ///
  /// Other modules bind the hook through this function, never through the task-local itself:
  /// a release build inlined the task-local's storage into another module of the package without
  /// initializing it, and the binding crashed in `swift_task_localValuePush` (Swift 6.3.1).
  @inline(never)
  package static func withTaskDropped<Result>(
    _ handler: (@Sendable () -> Void)?, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $taskDropped.withValue(handler, operation: operation)
  }

  /// Runs `operation` with `handler` bound, synchronously; see the asynchronous variant.
  @inline(never)
  package static func withTaskDropped<Result>(
    _ handler: (@Sendable () -> Void)?, _ operation: () throws -> Result
  ) rethrows -> Result {
    try $taskDropped.withValue(handler, operation: operation)
  }
}
