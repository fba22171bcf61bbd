/// Marks the lifecycles whose transition callback is running on the current task, with the
/// number of that transition.
///
/// A transition asked for from inside `didBecomeActive()` or `willResignActive()` (directly, or
/// through a router the callback awaits) cannot wait for the running transition, since that
/// transition is waiting for the callback. It is queued instead and performed when the callback
/// returns. Tasks started inside the callback inherit the marker; once that transition ended, its
/// number no longer matches and the marker is ignored.
enum TransitionContext {
  /// The innermost running callback; nested callbacks (a parent attaching a child from its own
  /// `didBecomeActive()`) link to the enclosing one.
  @TaskLocal static var running: RunningTransition?

  /// The number of the transition of `lifecycle` whose callback runs on this task, if any.
  static func generation(of lifecycle: ObjectIdentifier) -> UInt64? {
    var marker = running
    while let current = marker {
      if current.lifecycle == lifecycle { return current.generation }
      marker = current.outer
    }
    return nil
  }
}

/// One running transition callback: which lifecycle, which transition, and the enclosing one.
final class RunningTransition: Sendable {
  let lifecycle: ObjectIdentifier
  let generation: UInt64
  let outer: RunningTransition?

  init(lifecycle: ObjectIdentifier, generation: UInt64, outer: RunningTransition?) {
    self.lifecycle = lifecycle
    self.generation = generation
    self.outer = outer
  }
}
