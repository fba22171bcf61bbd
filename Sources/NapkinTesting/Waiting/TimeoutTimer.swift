import Dispatch

/// The timer of one wait or one held call: an action that runs once a timeout has passed, unless
/// the timer is cancelled first.
///
/// Each wait and each hold owns one. Start it only once the waiter is registered (a short timeout
/// can fire at once and must find the waiter), and cancel it once the waiter has resumed. It is a
/// dispatch work item rather than a task, so it takes no thread from the concurrency pool while it
/// waits and cancelling it wakes nothing: waking a waiter costs no more than resuming its
/// continuation. The action runs on a global dispatch queue; it must be quick and must not block.
///
/// Isolation: not `Sendable`; it stays with the task that waits.
final class TimeoutTimer {
  /// Timeouts further away than this are shortened to it, so no deadline can overflow.
  static let longest = Duration.seconds(10 * 365 * 24 * 3_600)

  private let item: DispatchWorkItem

  /// Starts a timer that runs `action` after `timeout` (negative counts as zero).
  ///
  /// `queue` is where the action runs: a global queue, or in tests a suspended serial queue, so
  /// that a due timer cannot run until the test lets it.
  init(
    after timeout: Duration, on queue: DispatchQueue = .global(),
    _ action: @escaping @Sendable () -> Void
  ) {
    item = DispatchWorkItem(block: action)
    let delay = min(max(timeout, .zero), Self.longest)
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
  }

  /// Stops the timer; its action never runs if it has not started running yet.
  func cancel() {
    item.cancel()
  }
}
