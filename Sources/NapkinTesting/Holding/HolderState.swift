import napkin

/// The pure state of a ``Holder``, run under the holder's lock: the holds in force, the calls
/// parked under them, and the tests waiting for a number of them.
///
/// It never resumes a continuation: the calls and waiters it lets go are handed back to the
/// holder, which resumes them outside the lock. Calls are keyed by their method (`MethodKey`) for
/// a service, or by `nil` for a recorder, whose one hold applies to every call it accepts.
///
/// Isolation: a value, not `Sendable` (its continuations stay behind the holder's lock).
struct HolderState {
  /// What a hold applies to, how long a held call waits, and where the test asked for it.
  struct Hold: Sendable {
    /// How long a held call waits before it is released and reported; `nil` for no limit.
    let timeout: Duration?
    let site: CallSite
    /// Which calls are held; `nil` for every call. Runs outside the lock.
    var matches: (@Sendable (Any) -> Bool)? = nil
    /// Which hold this is, so a call that read an earlier one is not parked under a later one.
    var generation: UInt64 = 0
  }

  /// How a held call ended.
  enum End: Sendable {
    /// The test or the explorer released it; the explorer's answer may be an error to throw.
    case released((any Error)?)
    /// Its hold's timeout passed first; the call reports that on its own task, then goes on.
    case expired(Hold)
    /// Its task was cancelled.
    case cancelled
  }

  /// A parked call, waiting for its release, its timeout or its task's cancellation.
  struct Held {
    let id: UInt64
    let key: MethodKey?
    /// The call's method or case name, such as `attachDetail`.
    let name: String
    /// Which held call this is, from 1: of its method for a service, of all for a recorder.
    let ordinal: Int
    let continuation: CheckedContinuation<End, Never>
    /// The calling bound task, parked while the call is held.
    let parked: ParkedBoundTask?
    /// How a diagnostic names the caller, seen by settling or not; read once when it parks.
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

  /// A `waitUntilHeld` suspended until `count` calls (of `key`, or of all) have been held.
  struct Waiter {
    let id: UInt64
    let key: MethodKey?
    let count: Int
    let continuation: CheckedContinuation<Suspension.Outcome, Never>
  }

  /// Whether ordinals count the calls of each method apart (a service) or all together.
  let countsPerMethod: Bool
  /// The hold of each held method.
  private(set) var holds: [MethodKey: Hold] = [:]
  /// The hold of every call not held by method: a recorder's, or a sweep's.
  private(set) var holdsAll: Hold?
  /// The calls parked right now, oldest first.
  private(set) var held: [Held] = []
  /// How many calls of each method, and of all, have been held in total.
  private(set) var totals: [MethodKey: Int] = [:]
  private(set) var total = 0
  /// The methods of every call held so far, in order.
  private(set) var history: [MethodKey] = []
  private var waiters: [Waiter] = []
  private var nextID: UInt64 = 0
  private var generations: UInt64 = 0

  init(countsPerMethod: Bool) {
    self.countsPerMethod = countsPerMethod
  }

  /// Whether any hold is in force.
  var isHolding: Bool { holdsAll != nil || !holds.isEmpty }

  /// Whether `key` is held by its own hold (by the hold of every call, for `nil`).
  func isHolding(_ key: MethodKey?) -> Bool {
    key.map { holds[$0] != nil } ?? (holdsAll != nil)
  }

  /// The hold that applies to a call of `key`.
  func hold(for key: MethodKey?) -> Hold? {
    if let key, !holds.isEmpty, let hold = holds[key] { return hold }
    return holdsAll
  }

  /// How many calls of `key` (of all, for `nil`) have been held in total.
  func heldTotal(of key: MethodKey?) -> Int {
    key.map { totals[$0, default: 0] } ?? total
  }

  /// Holds the calls of `key` (every call, for `nil`) as `hold` says, from now on.
  mutating func start(_ hold: Hold, for key: MethodKey?) {
    generations += 1
    var hold = hold
    hold.generation = generations
    if let key { holds[key] = hold } else { holdsAll = hold }
  }

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// Parks a call of `key` if the hold it read (`generation`) is still in force and the task is
  /// not cancelled; returns the hold and the waiters the call satisfies, or `nil` if it goes on.
  mutating func park(
    _ id: UInt64, key: MethodKey?, name: String, generation: UInt64,
    continuation: CheckedContinuation<End, Never>
  ) -> (hold: Hold, satisfied: [Waiter], index: Int)? {
    // A release between reading the hold and parking lets the call go.
    guard let hold = hold(for: key), hold.generation == generation, !Task.isCancelled else {
      return nil
    }
    // Parked in the same step that registers the call, so a release always finds the park.
    let parked = ParkedBoundTask.parkCurrent(on: "a held call of \(name)")
    total += 1
    if let key {
      totals[key, default: 0] += 1
      history.append(key)
    }
    held.append(
      Held(
        id: id, key: key, name: name,
        ordinal: countsPerMethod ? heldTotal(of: key) : total, continuation: continuation,
        parked: parked, callerName: parked.map { $0.callerName } ?? ParkedBoundTask.unseenCaller))
    let (totals, total) = (totals, total)
    let reached = { (waiter: Waiter) in
      (waiter.key.map { totals[$0, default: 0] } ?? total) >= waiter.count
    }
    let satisfied = waiters.filter(reached)
    waiters.removeAll(where: reached)
    return (hold, satisfied, total - 1)
  }

  /// Removes a parked call (answered, cancelled or timed out); `nil` if it is gone.
  mutating func unpark(_ id: UInt64) -> Held? {
    guard let index = held.firstIndex(where: { $0.id == id }) else { return nil }
    return held.remove(at: index)
  }

  /// Removes the parked call of `key` numbered `ordinal`; `nil` if no such call is parked.
  mutating func unpark(ordinal: Int, of key: MethodKey?) -> Held? {
    guard let index = held.firstIndex(where: { $0.ordinal == ordinal && $0.key == key }) else {
      return nil
    }
    return held.remove(at: index)
  }

  /// The calls of `key` parked right now (every call, for `nil`), oldest first.
  func parked(of key: MethodKey?) -> [Held] {
    key == nil ? held : held.filter { $0.key == key }
  }

  /// Stops holding `key` (everything, for `nil`) and returns the calls it parked, oldest first.
  mutating func release(_ key: MethodKey?) -> [Held] {
    guard let key else {
      holds = [:]
      holdsAll = nil
      defer { held.removeAll() }
      return held
    }
    holds[key] = nil
    let released = held.filter { $0.key == key }
    held.removeAll { $0.key == key }
    return released
  }

  /// Releases, at the end of the test, the parked calls whose hold has a timeout (the test's), and
  /// stops those holds. The explorer's holds (with none) keep their calls and keep holding, so a
  /// call that comes after its run ended does not run then, and is named.
  mutating func releaseAtEnd() -> [Held] {
    let (holds, holdsAll) = (holds, holdsAll)
    let timed = { (call: Held) in
      (call.key.flatMap { holds[$0] } ?? holdsAll)?.timeout != nil
    }
    let released = held.filter(timed)
    held.removeAll(where: timed)
    self.holds = holds.filter { $0.value.timeout == nil }
    if holdsAll?.timeout != nil { self.holdsAll = nil }
    return released
  }

  /// Registers a waiter, or returns `false` if its count was reached already.
  mutating func addWaiter(_ waiter: Waiter) -> Bool {
    guard heldTotal(of: waiter.key) < waiter.count else { return false }
    waiters.append(waiter)
    return true
  }

  /// Removes a waiter (timed out or cancelled); `nil` if it was resumed already.
  mutating func removeWaiter(_ id: UInt64) -> Waiter? {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
    return waiters.remove(at: index)
  }
}
