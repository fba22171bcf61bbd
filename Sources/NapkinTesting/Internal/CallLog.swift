/// The pure state of a ``CallRecorder``: the calls, how many were asserted, and the waiters.
///
/// Runs under the recorder's lock. It never calls user code: predicate waiters are handed back to
/// the recorder, which evaluates them after unlocking.
///
/// Not generic: the recorder stores each call as `any Sendable` and casts it back when read. A
/// generic log would run unspecialized in every client (NapkinTesting has no `@inlinable` code),
/// paying generic array and metadata calls on every recorded call; this one is compiled once.
struct CallLog {
  /// A recorded call, as the recorder's `Call`.
  typealias Call = any Sendable

  /// What a waiter waits for.
  enum Condition: Sendable {
    case count(Int)
    case match(@Sendable (Call) -> Bool)
  }

  /// A suspended wait.
  struct Waiter: Sendable {
    let id: UInt64
    let condition: Condition
    let continuation: CheckedContinuation<Suspension.Outcome, Never>
  }

  /// Every recorded call.
  private(set) var calls: [Call] = []
  /// The timeline stamp of each call in `calls`, when the recorder belongs to a checked test;
  /// empty otherwise.
  private var stamps: [Int] = []
  /// Calls forgotten by ``reset()``, with their stamps: the test's timeline still shows them.
  private var forgotten: [Stamped] = []
  /// `calls[..<asserted]` were read by an assertion; the rest were never looked at.
  private var asserted = 0
  /// The registered waiters, oldest first; usually none or one.
  private var waiters: [Waiter] = []
  /// The call count at which a waiter may be satisfied: the smallest awaited count, 0 while a
  /// predicate waiter (offered every call) waits, `Int.max` while none waits. Keeps `record`
  /// O(1) while a waiter waits for a later call.
  private var wakeAt = Int.max
  private var nextID: UInt64 = 0

  /// The number of registered waiters.
  var waiterCount: Int { waiters.count }

  /// The calls no assertion has read.
  var unasserted: ArraySlice<Call> { calls[asserted...] }

  /// Appends `call`; returns whether it may satisfy a waiter (then the recorder calls
  /// ``wake()``).
  mutating func append(_ call: Call, stamp: Int?) -> Bool {
    calls.append(call)
    if let stamp { stamps.append(stamp) }
    return calls.count >= wakeAt
  }

  /// A call with its timeline stamp, and whether ``reset()`` discarded it.
  struct Stamped: Sendable {
    let stamp: Int
    let call: Call
    var discarded = false
  }

  /// Every stamped call, forgotten ones included (marked discarded), in stamp order.
  var stamped: [Stamped] {
    forgotten + zip(stamps, calls).map { Stamped(stamp: $0, call: $1) }
  }

  /// Marks every call recorded so far as asserted and returns them.
  mutating func readAll() -> [Call] {
    asserted = calls.count
    return calls
  }

  /// Forgets every call.
  mutating func reset() {
    forgotten = stamped.map { Stamped(stamp: $0.stamp, call: $0.call, discarded: true) }
    calls = []
    stamps = []
    asserted = 0
  }

  /// A new waiter's id.
  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// Registers a waiter. Returns `true` if its count is already reached (nothing registered),
  /// else the calls a predicate waiter must still check (recorded before it registered).
  mutating func register(
    _ condition: Condition, continuation: CheckedContinuation<Suspension.Outcome, Never>,
    id: UInt64
  ) -> (reached: Bool, backlog: [Call]) {
    asserted = calls.count
    if case .count(let target) = condition, calls.count >= target { return (true, []) }
    waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
    waitersChanged()
    if case .match = condition { return (false, calls) }
    return (false, [])
  }

  /// After a call was appended: the count waiters it satisfies, and the predicates to evaluate
  /// on it.
  mutating func wake() -> (
    released: [CheckedContinuation<Suspension.Outcome, Never>],
    predicates: [(UInt64, @Sendable (Call) -> Bool)]
  ) {
    var released: [CheckedContinuation<Suspension.Outcome, Never>] = []
    var predicates: [(UInt64, @Sendable (Call) -> Bool)] = []
    var index = 0
    while index < waiters.count {
      switch waiters[index].condition {
      case .count(let target) where calls.count >= target:
        // The awaited calls reach the test: they count as asserted.
        asserted = calls.count
        released.append(waiters.remove(at: index).continuation)
        continue
      case .count:
        break
      case .match(let predicate):
        predicates.append((waiters[index].id, predicate))
      }
      index += 1
    }
    if !released.isEmpty { waitersChanged() }
    return (released, predicates)
  }

  /// Removes the waiter `id` and returns its continuation, if it still waits; when `reached`,
  /// the calls it waited for reached the test: they, and every call before, count as asserted.
  mutating func release(
    _ id: UInt64, reached: Bool
  ) -> CheckedContinuation<Suspension.Outcome, Never>? {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
    let waiter = waiters.remove(at: index)
    waitersChanged()
    if reached { asserted = calls.count }
    return waiter.continuation
  }

  private mutating func waitersChanged() {
    wakeAt = Int.max
    for waiter in waiters {
      switch waiter.condition {
      case .count(let target): wakeAt = min(wakeAt, target)
      case .match: wakeAt = 0
      }
    }
  }
}
