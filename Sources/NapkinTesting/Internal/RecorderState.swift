/// The pure state of a ``CallRecorder``: the calls, how many were asserted, and the waiters.
///
/// Runs under the recorder's lock. It never calls user code: predicate waiters are handed back to
/// the recorder, which evaluates them after unlocking.
struct RecorderState<Call: Sendable> {
  enum Condition {
    case count(Int)
    case match(@Sendable (Call) -> Bool)
  }

  enum Outcome: Sendable {
    case calls([Call])
    case call(Call)
    case timedOut([Call])
    case cancelled
  }

  struct Waiter {
    let condition: Condition
    let continuation: CheckedContinuation<Outcome, Never>
    var timer: Task<Void, Never>?
  }

  /// A waiter released by the state; the recorder resumes it and cancels its timer.
  struct Release {
    let waiter: Waiter
    let outcome: Outcome

    func perform() {
      waiter.timer?.cancel()
      waiter.continuation.resume(returning: outcome)
    }
  }

  /// Every recorded call; `CallRecorder.record` appends to it directly.
  var calls: [Call] = []
  /// `calls[..<asserted]` were read by an assertion; the rest were never looked at.
  private(set) var asserted = 0
  private var waiters: [UInt64: Waiter] = [:] {
    didSet { hasWaiters = !waiters.isEmpty }
  }
  /// Whether any waiter is registered: `record` takes the slow path only then.
  private(set) var hasWaiters = false
  private var nextID: UInt64 = 0

  /// The number of registered waiters.
  var waiterCount: Int { waiters.count }

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// After `call` was appended: returns the count waiters now satisfied and the predicates to
  /// evaluate on `call`.
  mutating func wake() -> (
    released: [Release], predicates: [(UInt64, @Sendable (Call) -> Bool)]
  ) {
    guard !waiters.isEmpty else { return ([], []) }
    var released: [Release] = []
    var predicates: [(UInt64, @Sendable (Call) -> Bool)] = []
    for (id, waiter) in waiters {
      switch waiter.condition {
      case .count(let target) where calls.count >= target:
        waiters[id] = nil
        // The awaited calls reach the test: they count as asserted.
        asserted = calls.count
        released.append(Release(waiter: waiter, outcome: .calls(calls)))
      case .count:
        break
      case .match(let predicate):
        predicates.append((id, predicate))
      }
    }
    return (released, predicates)
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
  mutating func register(
    _ condition: Condition, continuation: CheckedContinuation<Outcome, Never>, id: UInt64
  ) -> (immediate: Outcome?, backlog: [Call]) {
    asserted = calls.count
    if case .count(let target) = condition, calls.count >= target {
      return (.calls(calls), [])
    }
    waiters[id] = Waiter(condition: condition, continuation: continuation)
    if case .match = condition { return (nil, calls) }
    return (nil, [])
  }

  /// Attaches a timeout timer; returns `false` if the waiter is already gone.
  mutating func attach(timer: Task<Void, Never>, to id: UInt64) -> Bool {
    guard waiters[id] != nil else { return false }
    waiters[id]?.timer = timer
    return true
  }

  /// Removes the waiter `id` with `outcome`, if it is still waiting.
  mutating func release(_ id: UInt64, with outcome: (_ calls: [Call]) -> Outcome) -> Release? {
    guard let waiter = waiters.removeValue(forKey: id) else { return nil }
    let outcome = outcome(calls)
    // A matched call reaches the test: it, and every call before it, count as asserted.
    if case .call = outcome { asserted = calls.count }
    return Release(waiter: waiter, outcome: outcome)
  }
}
