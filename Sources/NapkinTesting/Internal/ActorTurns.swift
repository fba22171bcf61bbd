#if compiler(>=6.3)
  @_spi(ExperimentalCustomExecutors) import _Concurrency
#endif

/// Tells a default actor's turn from a task's own job, on runtimes that say which a job is.
///
/// A task that prefers a task executor and hops from one default actor to another does not
/// switch inline: the runtime queues the task on the new actor, which asks the task executor to
/// run its turn (a job of its own, not the task). The explorer holds such a turn as a choice when
/// an action asked for it from inside another actor's turn: the action awaits a second actor of
/// the app in the middle of a method of the first, or comes back from it.
///
/// Swift 6.3 runtimes say which a job is (an SPI of the standard library, behind an availability
/// check on Apple platforms); elsewhere no turn is held, and the report names only the main
/// actor's awaits.
///
/// Isolation: `Sendable`, stateless.
enum ActorTurns {
  /// Whether `job` is an actor's turn rather than a task's job; `false` where the runtime does not
  /// say.
  static func isActorTurn(_ job: borrowing ExecutorJob) -> Bool {
    #if compiler(>=6.3)
      guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else {
        return false
      }
      return job.kind != .task
    #else
      return false
    #endif
  }

  /// Whether this runtime says which jobs are actors' turns.
  static var areVisible: Bool {
    #if compiler(>=6.3)
      guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else {
        return false
      }
      return true
    #else
      return false
    #endif
  }
}
