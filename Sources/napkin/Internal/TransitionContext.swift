/// Marks the lifecycles whose transition callback is running on the current task.
///
/// A transition asked for from inside `didBecomeActive()` or `willResignActive()` (directly, or
/// through a router the callback awaits) cannot wait for the running transition, since that
/// transition is waiting for the callback. It is queued instead and performed when the callback
/// returns.
enum TransitionContext {
  @TaskLocal static var running: Set<ObjectIdentifier> = []
}
