import NapkinMutex

/// The timer of one wait or one held call: a task that runs an action once a timeout has passed,
/// unless the timer is cancelled first.
///
/// Each wait and each hold owns one. Start it only once the waiter is registered (a short timeout
/// can fire at once and must find the waiter), and cancel it from the waiting task once that task
/// has resumed, so waking a waiter costs no more than resuming its continuation. The action runs
/// on the timer's task; it must be quick and must not block.
final class TimeoutTimer: Sendable {
  /// Timeouts further away than this are shortened to it, so no deadline can overflow.
  static let longest = Duration.seconds(10 * 365 * 24 * 3_600)

  private let task = Mutex<Task<Void, Never>?>(nil)

  /// Starts the timer: `action` runs after `timeout` (negative counts as zero).
  func start(after timeout: Duration, _ action: @escaping @Sendable () -> Void) {
    let delay = min(max(timeout, .zero), Self.longest)
    let timer = Task.detached {
      do {
        try await Task.sleep(for: delay)
      } catch {
        return  // Cancelled: the wait ended another way.
      }
      action()
    }
    task.withLock { $0 = timer }
  }

  /// Stops the timer; its action never runs if it has not started running yet.
  func cancel() {
    task.withLock { $0 }?.cancel()
  }

  /// Waits until the timer's task has ended (for tests).
  func finished() async {
    await task.withLock { $0 }?.value
  }
}
