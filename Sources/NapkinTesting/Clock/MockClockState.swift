import napkin

/// The pure state of a ``MockClock``: its time, its sleepers, the waits for sleepers and the
/// turn of the advancing tasks.
///
/// Runs under the clock's lock. It never resumes a continuation: what it releases is handed back
/// to the clock, which resumes it after unlocking.
struct MockClockState {
  /// A task suspended in `sleep(until:)`.
  struct Sleeper {
    let id: UInt64
    let deadline: Duration
    let continuation: CheckedContinuation<Void, any Error>
    /// The sleeping bound task, parked while it sleeps, so settling counts it as idle.
    let parked: ParkedBoundTask?
    /// The clock's time when the sleep started.
    var startedAt: Duration = .zero
    /// Whether the sleeper runs in a bound task or one of its child tasks: its interactor's
    /// lifecycle ends it, so it is not left over at the end of a test.
    var isBound = false
    /// The checked test whose task sleeps, if any.
    weak var scope: TestScope?

    /// Marks the task busy, then resumes it normally or with `CancellationError`.
    func resume(cancelled: Bool = false) {
      parked?.unpark()
      if cancelled {
        continuation.resume(throwing: CancellationError())
      } else {
        continuation.resume()
      }
    }
  }

  /// A task suspended in `waitForSleepers(count:)`.
  struct CountWaiter {
    let id: UInt64
    let count: Int
    let continuation: CheckedContinuation<Suspension.Outcome, Never>
  }

  /// The time since the clock started.
  private(set) var now: Duration = .zero
  /// The sleepers, the last due first: sorted by deadline and then by registration, both
  /// descending, so the next to wake is the last element and waking one costs O(1).
  private(set) var sleepers: [Sleeper] = []
  private var countWaiters: [CountWaiter] = []
  /// Whether a task is advancing the clock; others wait in `turns`, first come first served.
  private var advancing = false
  private var turns: [CheckedContinuation<Void, Never>] = []
  private var nextID: UInt64 = 0

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// The earliest deadline of a sleeper, if any sleeps.
  var nextDeadline: Duration? {
    sleepers.last?.deadline
  }

  /// The deadlines of the sleepers, soonest first.
  var deadlines: [Duration] {
    sleepers.reversed().map(\.deadline)
  }

  /// Where a sleeper with `deadline` and `id` sits, or would be inserted, in `sleepers`.
  private func index(of deadline: Duration, _ id: UInt64) -> Int {
    var low = 0
    var high = sleepers.count
    while low < high {
      let middle = (low + high) / 2
      let other = sleepers[middle]
      // Descending: later deadlines, then later registrations, come first.
      if other.deadline > deadline || (other.deadline == deadline && other.id > id) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  // MARK: Sleeping

  /// Registers a sleeper; returns the waits for sleepers it satisfies.
  mutating func add(_ sleeper: Sleeper) -> [CountWaiter] {
    var sleeper = sleeper
    sleeper.startedAt = now
    sleepers.insert(sleeper, at: index(of: sleeper.deadline, sleeper.id))
    var released: [CountWaiter] = []
    countWaiters.removeAll { waiter in
      guard sleepers.count >= waiter.count else { return false }
      released.append(waiter)
      return true
    }
    return released
  }

  /// Removes the sleeper `id` (cancelled), if it still sleeps.
  mutating func removeSleeper(_ id: UInt64, deadline: Duration) -> Sleeper? {
    let index = index(of: deadline, id)
    guard index < sleepers.count, sleepers[index].id == id else { return nil }
    return sleepers.remove(at: index)
  }

  /// Removes the sleeper due first at or before `target`, the earliest registered among equal
  /// deadlines, and moves the time to its deadline.
  mutating func takeNextDue(upTo target: Duration) -> Sleeper? {
    guard let next = sleepers.last, next.deadline <= target else { return nil }
    sleepers.removeLast()
    now = max(now, next.deadline)
    return next
  }

  /// Moves the time forward to `target`; never back.
  mutating func move(to target: Duration) {
    now = max(now, target)
  }

  // MARK: Waiting for sleepers

  /// Registers a wait for `count` sleepers; returns `false` when they already sleep (nothing
  /// registered).
  mutating func addWaiter(_ waiter: CountWaiter) -> Bool {
    guard sleepers.count < waiter.count else { return false }
    countWaiters.append(waiter)
    return true
  }

  mutating func removeWaiter(_ id: UInt64) -> CountWaiter? {
    guard let index = countWaiters.firstIndex(where: { $0.id == id }) else { return nil }
    return countWaiters.remove(at: index)
  }

  // MARK: Turns

  /// Takes the turn to advance; returns `false` when another task has it (the continuation
  /// then waits in line).
  mutating func takeTurn(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
    guard advancing else {
      advancing = true
      return true
    }
    turns.append(continuation)
    return false
  }

  /// Ends a turn; returns the task whose turn it is now, if one waits.
  mutating func endTurn() -> CheckedContinuation<Void, Never>? {
    guard !turns.isEmpty else {
      advancing = false
      return nil
    }
    return turns.removeFirst()
  }
}
