import Dispatch
import napkin

/// The timer of one wait or one held call: an action that runs once a timeout has passed, unless
/// the timer is cancelled first.
///
/// Each wait and each hold owns one. Start it only once the waiter is registered (a short timeout
/// can fire at once and must find the waiter), and cancel it once the waiter has resumed. It is a
/// dispatch work item rather than a task, so it takes no thread from the concurrency pool while it
/// waits and cancelling it wakes nothing: waking a waiter costs no more than resuming its
/// continuation. All of them share one dispatch timer (`DeadlineTimer`), re-armed only when an
/// earlier deadline arrives. The action runs on a global dispatch queue; it must be quick and must not block.
///
/// Isolation: not `Sendable`; it stays with the task that waits.
final class TimeoutTimer {
  /// Timeouts further away than this are shortened to it, so no deadline can overflow.
  static let longest = DeadlineTimer.longest

  private enum Scheduled {
    case shared(DeadlineTimer.Token)
    case item(DispatchWorkItem)
  }

  private let scheduled: Scheduled

  /// Starts a timer that runs `action` after `timeout` (negative counts as zero), on the
  /// process's one deadline timer.
  init(after timeout: Duration, _ action: @escaping @Sendable () -> Void) {
    scheduled = .shared(DeadlineTimer.shared.schedule(after: timeout, action))
  }

  /// Starts a timer that runs `action` on `queue` after `timeout` (negative counts as zero): in
  /// tests a suspended serial queue, so that a due timer cannot run until the test lets it.
  init(
    after timeout: Duration, on queue: DispatchQueue, _ action: @escaping @Sendable () -> Void
  ) {
    let item = DispatchWorkItem(block: action)
    let delay = min(max(timeout, .zero), Self.longest)
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
    scheduled = .item(item)
  }

  /// Stops the timer; its action never runs if it has not started running yet.
  func cancel() {
    switch scheduled {
    case .shared(let token): DeadlineTimer.shared.cancel(token)
    case .item(let item): item.cancel()
    }
  }
}
