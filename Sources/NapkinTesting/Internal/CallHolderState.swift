import napkin

/// The pure hold state of a ``CallHolder``, run under the holder's lock.
///
/// It never resumes a continuation: the calls and waiters it lets go are handed back to the
/// holder, which resumes them outside the lock.
///
/// Isolation: a value, not `Sendable` (its continuations stay behind the holder's lock).
struct CallHolderState {
  /// What a hold applies to, how long a held call waits, and where the test asked for it.
  struct Hold: Sendable {
    /// How long a held call waits before it is released and reported; `nil` for no limit.
    let timeout: Duration?
    let site: CallSite
    /// Which calls are held; `nil` for every call. Runs outside the lock.
    let matches: (@Sendable (Any) -> Bool)?
    /// Which hold this is, so a call that read an earlier one is not parked under a later one.
    var generation: UInt64 = 0
  }

  /// How a held call ended.
  enum End: Sendable {
    /// The test or the explorer released it.
    case released
    /// Its hold's timeout passed first; the call reports that on its own task, then goes on.
    case expired(Hold)
    /// Its task was cancelled.
    case cancelled
  }

  /// A parked call, waiting for its release, its timeout or its task's cancellation.
  struct Held {
    let id: UInt64
    /// The call's case name, such as `attachDetail`.
    let name: String
    /// Which held call of the mock this is, from 1, across all its methods.
    let ordinal: Int
    let continuation: CheckedContinuation<End, Never>
    /// The calling bound task, parked while the call is held.
    let parked: ParkedBoundTask?
    /// How a diagnostic names the caller, seen by settling or not.
    let callerName: String?

    /// Marks the calling task busy, then resumes it with `end`.
    func resume(_ end: End) {
      parked?.unpark()
      continuation.resume(returning: end)
    }

    /// The call as the explorer lists it.
    var listed: HeldCall {
      HeldCall(
        id: id, ordinal: ordinal, caller: parked?.lifecycle?.lifecycleID,
        // A call no bound task made (nothing parked) came from work settling cannot see.
        unseenCaller: parked == nil ? callerName : nil)
    }
  }

  /// A `waitUntilHeld` suspended until `count` calls have been held in total.
  struct Waiter {
    let id: UInt64
    let count: Int
    let continuation: CheckedContinuation<Bool, Never>
  }

  /// The hold in force; `nil` when calls go on at once.
  private(set) var hold: Hold?
  private var generations: UInt64 = 0
  /// The calls parked right now, oldest first.
  private(set) var held: [Held] = []
  /// How many calls have been held in total.
  private(set) var total = 0
  private var waiters: [Waiter] = []
  private var nextID: UInt64 = 0

  /// Holds the calls `hold` applies to, from now on.
  mutating func start(_ hold: Hold) {
    generations += 1
    var hold = hold
    hold.generation = generations
    self.hold = hold
  }

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// Parks a call under `hold` if it is still in force and the task is not cancelled; returns
  /// the hold and the waiters the call satisfies, or `nil` if the call goes on.
  mutating func park(
    _ id: UInt64, name: String, under hold: Hold, reason: @autoclosure () -> String,
    continuation: CheckedContinuation<End, Never>
  ) -> (hold: Hold, satisfied: [Waiter])? {
    // A release between reading the hold and parking lets the call go.
    guard let current = self.hold, current.generation == hold.generation, !Task.isCancelled
    else {
      return nil
    }
    // Parked in the same step that registers the call, so a release always finds the park.
    let parked = ParkedBoundTask.parkCurrent(on: reason())
    total += 1
    held.append(
      Held(
        id: id, name: name, ordinal: total, continuation: continuation, parked: parked,
        callerName: parked.map { $0.callerName } ?? ParkedBoundTask.unseenCaller))
    let satisfied = waiters.filter { $0.count <= total }
    waiters.removeAll { $0.count <= total }
    return (current, satisfied)
  }

  /// Removes a parked call (released, cancelled or timed out); `nil` if it is gone.
  mutating func unpark(_ id: UInt64) -> Held? {
    guard let index = held.firstIndex(where: { $0.id == id }) else { return nil }
    return held.remove(at: index)
  }

  /// The parked call numbered `ordinal`, removed; `nil` if no such call is parked.
  mutating func unpark(ordinal: Int) -> Held? {
    guard let index = held.firstIndex(where: { $0.ordinal == ordinal }) else { return nil }
    return held.remove(at: index)
  }

  /// Stops holding and returns every parked call, oldest first.
  mutating func releaseAll() -> [Held] {
    hold = nil
    defer { held.removeAll() }
    return held
  }

  /// Registers a waiter, or returns `false` if `count` calls were held already.
  mutating func addWaiter(_ waiter: Waiter) -> Bool {
    guard total < waiter.count else { return false }
    waiters.append(waiter)
    return true
  }

  /// Removes a waiter (timed out or cancelled); `nil` if it was resumed already.
  mutating func removeWaiter(_ id: UInt64) -> Waiter? {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
    return waiters.remove(at: index)
  }
}
