import NapkinMutex

/// The one way a toolkit wait suspends: a continuation registered under the waited object's
/// lock, a timer, and the task's cancellation, each ending the wait at most once.
///
/// The waited object keeps the continuation in its own state and resumes it with `.reached` when
/// the condition holds; `cancel` takes it back (or finds it gone, already resumed) for a timeout or
/// a cancellation. The timer starts only once the waiter is registered, so a short timeout finds
/// it, and stops once the wait ended, so whoever resumed it pays only for the resume.
enum Suspension {
  /// How a wait ended.
  enum Outcome: Sendable {
    case reached
    case timedOut
    case cancelled
  }

  /// Suspends until the continuation `register` keeps is resumed, `timeout` passes (`nil`: no
  /// limit) or the task is cancelled. `register` returns `false`, keeping nothing, when the
  /// condition holds already; `cancel` removes the kept continuation and returns it, or `nil` if it
  /// was resumed already.
  static func wait(
    timeout: Duration?, register: (CheckedContinuation<Outcome, Never>) -> Bool,
    cancel: @escaping @Sendable () -> CheckedContinuation<Outcome, Never>?
  ) async -> Outcome {
    // Work bound in an exploration's closure runs before the closure waits on it.
    InlineJobRunner.openGate()
    var timer: TimeoutTimer?
    defer { timer?.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        guard register(continuation) else { return continuation.resume(returning: .reached) }
        if let timeout {
          timer = TimeoutTimer(after: timeout) { cancel()?.resume(returning: .timedOut) }
        }
        // Cancelled before the waiter was registered: the cancellation handler found nothing.
        if Task.isCancelled { cancel()?.resume(returning: .cancelled) }
      }
    } onCancel: {
      cancel()?.resume(returning: .cancelled)
    }
  }

  /// Runs `operation` in a task of its own and returns its result, or `nil` if `timeout` passes
  /// first (the task is cancelled then, and left to end on its own).
  ///
  /// Awaiting an unstructured task's value cannot be cancelled, so a one-shot continuation takes
  /// whichever ends first: the operation or the timer. The caller never waits past the timeout.
  static func within<T: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async -> T
  ) async -> T? {
    let slot = Mutex<CheckedContinuation<T?, Never>?>(nil)
    let resume: @Sendable (T?) -> Void = { value in
      slot.withLock { pending in
        defer { pending = nil }
        return pending
      }?.resume(returning: value)
    }
    var work: Task<Void, Never>?
    var timer: TimeoutTimer?
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
      slot.withLock { $0 = continuation }
      work = Task { resume(await operation()) }
      timer = TimeoutTimer(after: timeout) { resume(nil) }
    }
    timer?.cancel()
    work?.cancel()
    return result
  }
}
