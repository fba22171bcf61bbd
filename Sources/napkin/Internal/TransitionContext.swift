/// Marks the lifecycles whose transition callback is running on the current task, with the
/// number of that transition.
///
/// A transition asked for from inside `didBecomeActive()` or `willResignActive()` (directly, or
/// through a router the callback awaits) cannot wait for the running transition, since that
/// transition is waiting for the callback. It is queued instead and performed when the callback
/// returns. Tasks started inside the callback inherit the marker; once that transition ended, its
/// number no longer matches and the marker is ignored.
enum TransitionContext {
  @TaskLocal static var running: [ObjectIdentifier: UInt64] = [:]
}
