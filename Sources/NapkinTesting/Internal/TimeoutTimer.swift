/// The timer of one wait or one held call: a task that runs an action once a timeout has passed,
/// unless it is cancelled first.
///
/// Each wait and each hold owns its timer and cancels it when it ends another way. Start it only
/// once the waiter is registered: a short timeout can fire at once and must find the waiter.
/// The action runs on the timer's task; it must be quick and must not block.
enum TimeoutTimer {
  /// Timeouts further away than this are shortened to it, so no deadline can overflow.
  static let longest = Duration.seconds(10 * 365 * 24 * 3_600)

  /// Starts a timer that runs `action` after `timeout` (negative counts as zero).
  static func start(
    after timeout: Duration, _ action: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    let delay = min(max(timeout, .zero), longest)
    return Task.detached {
      do {
        try await Task.sleep(for: delay)
      } catch {
        return  // Cancelled: the wait ended another way.
      }
      action()
    }
  }
}
