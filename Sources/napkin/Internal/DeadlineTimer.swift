import Dispatch
import NapkinMutex

/// One dispatch timer for every timeout of the process: an action runs once its deadline has
/// passed, unless it is cancelled first.
///
/// Package-only: the lifecycle's idle waits and a test toolkit's waits use it. A test starts and
/// ends thousands of waits that nearly all end before their timeout. Scheduling a dispatch work
/// item per wait costs a wake of dispatch's timer thread each time; here a wait is an entry in a
/// table under a lock, and the one timer is re-armed only when a deadline earlier than the armed
/// one arrives (waits share a timeout, so deadlines mostly arrive in order) or when it fires.
///
/// Actions run on a global dispatch queue, outside the lock, one after another: they must be
/// quick and must not block (resuming a continuation is typical).
///
/// Isolation: `Sendable`; its state is behind a lock.
package final class DeadlineTimer: Sendable {
  /// A scheduled action, to cancel it.
  package struct Token: Sendable, Hashable {
    fileprivate let id: UInt64
  }

  private struct Entry {
    let deadline: DispatchTime
    let action: @Sendable () -> Void
  }

  private struct State {
    /// The one timer; reached only under the lock.
    let source: any DispatchSourceTimer = DispatchSource.makeTimerSource(queue: .global())
    var entries: [UInt64: Entry] = [:]
    var nextID: UInt64 = 0
    /// When the timer fires next; `nil` while disarmed.
    var armed: DispatchTime?
  }

  /// The process's timer.
  package static let shared = DeadlineTimer()

  /// Timeouts further away than this are shortened to it, so no deadline can overflow.
  package static let longest = Duration.seconds(10 * 365 * 24 * 3_600)

  private let state = Mutex(State())

  private init() {
    state.withLock { state in
      state.source.setEventHandler { [weak self] in self?.fire() }
      state.source.activate()
    }
  }

  /// Runs `action` once `timeout` (negative counts as zero) has passed, unless cancelled first.
  @inline(never)
  package func schedule(
    after timeout: Duration, _ action: @escaping @Sendable () -> Void
  ) -> Token {
    let delay = min(max(timeout, .zero), Self.longest)
    let (seconds, attoseconds) = delay.components
    let deadline =
      DispatchTime.now()
      + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    // Armed under the lock, so the timer is always armed for the deadline the state says.
    let id = state.withLock { state -> UInt64 in
      let id = state.nextID
      state.nextID &+= 1
      state.entries[id] = Entry(deadline: deadline, action: action)
      if state.armed.map({ deadline < $0 }) ?? true {
        state.armed = deadline
        state.source.schedule(deadline: deadline)
      }
      return id
    }
    return Token(id: id)
  }

  /// Cancels the action of `token`; it never runs if it has not started running yet.
  @inline(never)
  package func cancel(_ token: Token) {
    // The timer stays armed: when it fires it finds nothing due and arms for the next deadline.
    _ = state.withLock { $0.entries.removeValue(forKey: token.id) }
  }

  /// How many actions are scheduled and not yet run or cancelled.
  package var scheduledCount: Int {
    state.withLock { $0.entries.count }
  }

  private func fire() {
    let now = DispatchTime.now()
    let due = state.withLock { state -> [@Sendable () -> Void] in
      var due: [(DispatchTime, @Sendable () -> Void)] = []
      var next: DispatchTime?
      for (id, entry) in state.entries {
        if entry.deadline <= now {
          due.append((entry.deadline, entry.action))
          state.entries[id] = nil
        } else if next.map({ entry.deadline < $0 }) ?? true {
          next = entry.deadline
        }
      }
      state.armed = next
      if let next { state.source.schedule(deadline: next) }
      return due.sorted { $0.0 < $1.0 }.map(\.1)
    }
    for action in due { action() }
  }
}
