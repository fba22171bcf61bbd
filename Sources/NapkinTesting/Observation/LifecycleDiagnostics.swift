/// Where NapkinTesting hears of lifecycle misuse on the current task.
///
/// Bound to the task (never process-global), so parallel tests each see only their own.
enum LifecycleDiagnostics {
  /// Called when napkin drops a task because its lifecycle is inactive, on the registering task.
  @TaskLocal static var taskDropped: (@Sendable () -> Void)?

  /// Runs `operation` with `handler` called whenever napkin drops a bound task on its task.
  static func withTaskDropped<Result>(
    _ handler: (@Sendable () -> Void)?, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $taskDropped.withValue(handler, operation: operation)
  }

  /// Runs `operation` with `handler` bound, synchronously; see the asynchronous variant.
  static func withTaskDropped<Result>(
    _ handler: (@Sendable () -> Void)?, _ operation: () throws -> Result
  ) rethrows -> Result {
    try $taskDropped.withValue(handler, operation: operation)
  }
}
