/// Where NapkinTesting hears of lifecycle misuse on the current task.
///
/// Bound to the task (never process-global), so parallel tests each see only their own.
enum LifecycleDiagnostics {
  /// The handler a task-local holds: a class, not an optional closure, whose task-local binding
  /// crashed in a release build (Swift 6.3.1).
  final class Handler: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  @TaskLocal static var handler: Handler?

  /// Called when napkin drops a task because its lifecycle is inactive, on the registering task.
  static var taskDropped: (@Sendable () -> Void)? { handler?.run }

  /// Runs `operation` with `handler` called whenever napkin drops a bound task on its task.
  @inline(never)
  static func withTaskDropped<Result>(
    _ handler: (@Sendable () -> Void)?, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $handler.withValue(handler.map(Handler.init), operation: operation)
  }

  /// Runs `operation` with `handler` bound, synchronously; see the asynchronous variant.
  @inline(never)
  static func withTaskDropped<Result>(
    _ handler: (@Sendable () -> Void)?, _ operation: () throws -> Result
  ) rethrows -> Result {
    try $handler.withValue(handler.map(Handler.init), operation: operation)
  }
}
