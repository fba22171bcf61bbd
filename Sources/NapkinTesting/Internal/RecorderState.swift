/// The pure state of a ``CallRecorder``: the calls, how many were asserted, and the waiters.
///
/// Runs under the recorder's lock. It never calls user code: predicate waiters are handed back to
/// the recorder, which evaluates them after unlocking.
@usableFromInline
struct RecorderState<Call: Sendable> {

  @usableFromInline
  enum Condition: Sendable {
    case count(Int)
    case match(@Sendable (Call) -> Bool)
  }

  @usableFromInline
  enum Outcome: Sendable {
    case calls([Call])
    case call(Call)
    case timedOut([Call])
    case cancelled
  }

  @usableFromInline
  struct Waiter: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let condition: Condition
    @usableFromInline let continuation: CheckedContinuation<Outcome, Never>
    /// The ``DeadlineScheduler`` entry that times the waiter out, once scheduled.
    @usableFromInline var deadline: UInt64?

    @usableFromInline
    init(id: UInt64, condition: Condition, continuation: CheckedContinuation<Outcome, Never>) {
      self.id = id
      self.condition = condition
      self.continuation = continuation
    }
  }

  /// A waiter released by the state; the recorder resumes it, then cancels its timeout.
  @usableFromInline
  struct Release: Sendable {
    @usableFromInline let waiter: Waiter
    @usableFromInline let outcome: Outcome

    @usableFromInline
    init(waiter: Waiter, outcome: Outcome) {
      self.waiter = waiter
      self.outcome = outcome
    }

    @inlinable
    func perform() {
      // Resume first: the waiter is what the test is waiting for.
      waiter.continuation.resume(returning: outcome)
      if let deadline = waiter.deadline { DeadlineScheduler.shared.cancel(deadline) }
    }
  }

  /// Every recorded call; `CallRecorder.record` appends to it directly.
  @usableFromInline var calls: [Call] = []
  /// `calls[..<asserted]` were read by an assertion; the rest were never looked at.
  @usableFromInline var asserted = 0
  /// The registered waiters, oldest first; usually none or one, so a plain array.
  @usableFromInline var waiters: [Waiter] = []
  /// The call count at which a waiter may be satisfied: the smallest awaited count, 0 while a
  /// predicate waiter (offered every call) waits, `Int.max` while none waits.
  @usableFromInline var wakeAt = Int.max

  /// Whether the call just appended may satisfy a waiter: `record` takes the slow path only
  /// then, so a waiter for the 100,000th call costs the calls before it nothing.
  @inlinable var needsWake: Bool { calls.count >= wakeAt }

  /// Recomputes ``wakeAt`` after the waiters changed.
  @inlinable
  mutating func waitersChanged() {
    wakeAt = Int.max
    for waiter in waiters {
      switch waiter.condition {
      case .count(let target): wakeAt = min(wakeAt, target)
      case .match: wakeAt = 0
      }
    }
  }
  @usableFromInline var nextID: UInt64 = 0

  /// The number of registered waiters.
  @inlinable var waiterCount: Int { waiters.count }

  @usableFromInline
  init() {}

  /// Starts a wait: returns the outcome at once for a count already reached (marking the calls
  /// asserted), else the id of the waiter to register.
  @inlinable
  mutating func begin(_ condition: Condition) -> (id: UInt64, reached: Outcome?) {
    if case .count(let target) = condition, calls.count >= target {
      asserted = calls.count
      return (0, .calls(calls))
    }
    defer { nextID &+= 1 }
    return (nextID, nil)
  }

  /// After `call` was appended: returns the count waiters now satisfied (the first apart, so
  /// the usual single waiter costs no array) and the predicates to evaluate on `call`.
  @inlinable
  mutating func wake() -> (
    first: Release?, more: [Release], predicates: [(UInt64, @Sendable (Call) -> Bool)]
  ) {
    var first: Release?
    var more: [Release] = []
    var predicates: [(UInt64, @Sendable (Call) -> Bool)] = []
    var index = 0
    while index < waiters.count {
      switch waiters[index].condition {
      case .count(let target) where calls.count >= target:
        // The awaited calls reach the test: they count as asserted.
        asserted = calls.count
        let release = Release(waiter: waiters.remove(at: index), outcome: .calls(calls))
        if first == nil { first = release } else { more.append(release) }
        continue
      case .count:
        break
      case .match(let predicate):
        predicates.append((waiters[index].id, predicate))
      }
      index += 1
    }
    if first != nil { waitersChanged() }
    return (first, more, predicates)
  }

  /// Marks every call recorded so far as asserted and returns them.
  mutating func examine() -> [Call] {
    asserted = calls.count
    return calls
  }

  /// The calls no assertion has read.
  var unasserted: ArraySlice<Call> { calls[asserted...] }

  mutating func reset() {
    calls = []
    asserted = 0
  }

  /// Registers a waiter. Returns the outcome at once for a count already reached, else the
  /// calls a predicate waiter must still check (recorded before it registered).
  @inlinable
  mutating func register(
    _ condition: Condition, continuation: CheckedContinuation<Outcome, Never>, id: UInt64
  ) -> (immediate: Outcome?, backlog: [Call]) {
    asserted = calls.count
    if case .count(let target) = condition, calls.count >= target {
      return (.calls(calls), [])
    }
    waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
    waitersChanged()
    if case .match = condition { return (nil, calls) }
    return (nil, [])
  }

  /// Attaches the timeout of waiter `id`; returns `false` if it was released meanwhile.
  @inlinable
  mutating func attach(deadline: UInt64, to id: UInt64) -> Bool {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return false }
    waiters[index].deadline = deadline
    return true
  }

  /// Removes the waiter `id` with `outcome`, if it is still waiting.
  @inlinable
  mutating func release(_ id: UInt64, with outcome: (_ calls: [Call]) -> Outcome) -> Release? {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
    let waiter = waiters.remove(at: index)
    waitersChanged()
    let outcome = outcome(calls)
    // A matched call reaches the test: it, and every call before it, count as asserted.
    if case .call = outcome { asserted = calls.count }
    return Release(waiter: waiter, outcome: outcome)
  }
}
