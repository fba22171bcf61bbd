import NapkinMutex

/// Runs an action at a deadline unless it is cancelled first: the timeouts of waits and holds.
///
/// One sleeping task serves every pending deadline, so a wait or a hold costs an entry in a heap
/// rather than a task of its own, and satisfying a wait cancels an entry instead of waking a
/// timer task that would compete with the waiter for a thread. The scheduler holds deadlines and
/// the actions that resume the waiters they belong to; it keeps no test's state, so parallel
/// tests stay independent (like the system's own timer queue, which `Task.sleep` also shares).
///
/// Actions run on the scheduler's task, outside its lock; they must be quick and must not block.
@usableFromInline
final class DeadlineScheduler: Sendable {
  /// The scheduler every toolkit timeout uses.
  @usableFromInline static let shared = DeadlineScheduler()

  /// Deadlines further away than this are clamped to it, so `now + timeout` cannot overflow.
  private static let longest = Duration.seconds(10 * 365 * 24 * 3_600)

  private let state = Mutex(DeadlineQueue())

  /// Schedules `action` to run `timeout` from now; returns the id that cancels it.
  @usableFromInline
  func schedule(
    after timeout: Duration, _ action: @escaping @Sendable () -> Void
  ) -> UInt64 {
    let deadline = ContinuousClock.now + min(max(timeout, .zero), Self.longest)
    let (id, superseded) = state.withLock { queue in
      let (id, generation) = queue.insert(action, at: deadline)
      guard let generation else { return (id, nil as Task<Void, Never>?) }
      // Started under the lock (no user code runs synchronously), so sleepers are replaced in
      // the order of their generations.
      let task = Task.detached(priority: .high) { [self] in
        await sleep(generation: generation, until: deadline)
      }
      return (id, queue.replaceSleeper(with: task))
    }
    // The superseded sleeper ends at once instead of sleeping out its later deadline.
    superseded?.cancel()
    return id
  }

  /// Cancels the action `id`; returns `false` if it already ran or was cancelled.
  @usableFromInline @discardableResult
  func cancel(_ id: UInt64) -> Bool {
    state.withLock { $0.cancel(id) }
  }

  /// The number of actions waiting for their deadline.
  var pendingCount: Int {
    state.withLock { $0.pendingCount }
  }

  private func sleep(generation: UInt64, until first: ContinuousClock.Instant) async {
    var deadline = first
    while true {
      do {
        try await Task.sleep(until: deadline, clock: .continuous)
      } catch {
        // Cancelled: superseded by a sleeper for an earlier deadline, which takes over.
        return
      }
      let (due, next) = state.withLock { $0.popExpired(at: .now, sleeper: generation) }
      for action in due { action() }
      guard let next else { return }
      deadline = next
    }
  }
}
