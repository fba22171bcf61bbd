/// Runs async operations one after another, in the order they were enqueued.
///
/// Routers use it so that two routing requests never interleave at their suspension points (an
/// attach that is still loading its child cannot be overtaken by the detach of that child).
///
/// Isolation: `Sendable`; the last task sits behind a lock, which is never held while an
/// operation runs.
final class TaskChain: Sendable {
  private let last = Locked<Task<Void, Never>?>(nil)

  /// Enqueues `operation` after every operation enqueued before it and returns its task.
  @discardableResult
  func enqueue(
    @_inheritActorContext _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    last.withLock { last in
      let previous = last
      let task = Task {
        await previous?.value
        await operation()
      }
      last = task
      return task
    }
  }

  /// Enqueues `operation` and waits until it has run.
  func run(
    @_inheritActorContext _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) async {
    await enqueue(operation).value
  }
}
