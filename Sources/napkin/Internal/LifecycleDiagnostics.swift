/// Hooks through which a test toolkit learns about lifecycle misuse on the current task.
///
/// Bound to the task (never process-global), so parallel tests each see only their own.
package enum LifecycleDiagnostics {
  /// Called when `register` drops a task because the lifecycle is inactive.
  @TaskLocal package static var taskDropped: (@Sendable () -> Void)?
}
