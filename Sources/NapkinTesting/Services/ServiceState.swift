import napkin

/// The pure failure-injection and hold state of a ``MockServiceCore``, run under the core's lock.
///
/// It never resumes a continuation: held calls it releases are handed back to the core.
///
/// Not generic: methods are keyed as ``MethodKey``s. A generic state would run unspecialized in
/// every client (NapkinTesting has no `@inlinable` code), paying generic set, dictionary and
/// metadata calls on every mocked call; this one is compiled once, and a call of a service with
/// nothing set to fail or hold never builds a key.
struct ServiceState {
  /// A method of the mock, as its `Method` value.
  typealias Method = MethodKey

  init() {}

  var failingMethods: Set<Method> = []
  var injectedError: any Error = SimulatedError()
  var errors: [Method: any Error] = [:]
  /// What the next calls of a method do, before `failingMethods` is consulted.
  enum Upcoming: Sendable {
    case succeed
    /// Fail with this error, or with the method's error (or the injected one) when `nil`.
    case fail((any Error)?)
  }

  /// A parked call, waiting for `release` or its timeout.
  struct Held {
    let method: Method
    let continuation: CheckedContinuation<HoldEnd, any Error>
    /// The calling bound task, parked while the call is held.
    var parked: ParkedBoundTask?
    /// The calling bound task's lifecycle, read once when the call parks.
    let caller: ObjectIdentifier?
    /// How a diagnostic names the caller, seen or not; read once when the call parks.
    let callerName: String?
    /// Which call of its method this is, from 1.
    var ordinal = 0

    /// Marks the calling task busy, then resumes it with `end`.
    func resume(with end: Result<HoldEnd, any Error>) {
      parked?.unpark()
      continuation.resume(with: end)
    }
  }

  /// How a held call ended, when it did not throw `CancellationError`.
  enum HoldEnd {
    /// The test released it.
    case released
    /// Its hold's timeout passed first; the call reports that on its own task, then goes on.
    case expired(Hold)
  }

  /// What a call must do as it starts.
  enum Start: Sendable {
    /// Wait while the method is held, then ask ``failure(for:)``.
    case hold
    /// Go on: throw this error, or succeed when `nil`.
    case proceed((any Error)?)
  }

  /// A run of equal queued outcomes: `count` calls that succeed, or fail with `error`.
  struct Run {
    var outcome: Upcoming
    var count: Int
    init(outcome: Upcoming, count: Int) {
      self.outcome = outcome
      self.count = count
    }
  }

  /// Outcomes queued for the next calls of a method, as runs: `failNext(.max)` costs one entry.
  var upcoming: [Method: [Run]] = [:]
  /// How long a held call may wait for `release`, and where the test asked for the hold.
  struct Hold: Sendable {
    /// How long a held call waits before it is released and reported; `nil` for no limit.
    let timeout: Duration?
    let site: CallSite
  }

  /// The held methods.
  var holding: [Method: Hold] = [:]
  /// The hold of every method not in `holding`, for an exploration's sweep; `nil` if none.
  var holdsAll: Hold?
  private var held: [UInt64: Held] = [:]
  /// How many calls of each method have been held in total.
  private(set) var heldTotals: [Method: Int] = [:]
  private var nextID: UInt64 = 0

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// Whether nothing is set to fail or hold: calls then succeed without consulting the state.
  var hasNoSettings: Bool {
    failingMethods.isEmpty && upcoming.isEmpty && holding.isEmpty && holdsAll == nil
  }

  /// Starts a call of `method`: hold it, or decide its outcome, in one step. `sweeps` says
  /// whether a sweep's hold of every method applies: only to a call that can throw any error.
  mutating func start(_ method: @autoclosure () -> Method, sweeps: Bool = false) -> Start {
    // Stored properties, not `hasNoSettings`: a debug build copies the whole state to call a
    // getter from a mutating method.
    if failingMethods.isEmpty, upcoming.isEmpty, holding.isEmpty, holdsAll == nil {
      return .proceed(nil)
    }
    if sweeps, holdsAll != nil { return .hold }
    let method = method()
    if !holding.isEmpty, holding[method] != nil { return .hold }
    return .proceed(failure(for: method))
  }

  /// The error the next call of `method` must throw, consuming one queued failure.
  mutating func failure(for method: Method) -> (any Error)? {
    // Nothing set to fail (the common case): no hashing at all.
    if upcoming.isEmpty, failingMethods.isEmpty { return nil }
    if !upcoming.isEmpty, var queue = upcoming[method], !queue.isEmpty {
      let queued = queue[0].outcome
      queue[0].count -= 1
      if queue[0].count == 0 { queue.removeFirst() }
      upcoming[method] = queue.isEmpty ? nil : queue
      switch queued {
      case .succeed: return nil
      case .fail(let error): return error ?? errors[method] ?? injectedError
      }
    }
    guard failingMethods.contains(method) else { return nil }
    return errors.isEmpty ? injectedError : errors[method] ?? injectedError
  }

  mutating func failNext(
    _ count: Int, of method: Method, with error: (any Error)?, after successes: Int
  ) {
    if successes > 0 {
      upcoming[method, default: []].append(Run(outcome: .succeed, count: successes))
    }
    upcoming[method, default: []].append(Run(outcome: .fail(error), count: count))
  }

  /// The queued failures of `method`, saturating at `Int.max`.
  func upcomingFailures(of method: Method) -> Int {
    var total = 0
    for run in upcoming[method] ?? [] {
      guard case .fail = run.outcome else { continue }
      let (sum, overflow) = total.addingReportingOverflow(run.count)
      total = overflow ? .max : sum
    }
    return total
  }

  mutating func stopFailing(_ method: Method) {
    failingMethods.remove(method)
    upcoming[method] = nil
    errors[method] = nil
  }

  mutating func hold(_ method: Method, _ hold: Hold) {
    holding[method] = hold
  }

  /// Parks a held call; returns its hold, or `nil` if `method` is no longer held or the task is
  /// cancelled.
  mutating func park(
    _ method: Method, id: UInt64, continuation: CheckedContinuation<HoldEnd, any Error>
  ) -> Hold? {
    guard let hold = holding[method] ?? holdsAll, !Task.isCancelled else { return nil }
    // Parked in the same step that registers the call, so a release always finds the park.
    let parked = ParkedBoundTask.parkCurrent(on: "a held call of \(method)")
    heldTotals[method, default: 0] += 1
    var call = Held(
      method: method, continuation: continuation, parked: parked,
      caller: parked?.lifecycle?.lifecycleID,
      callerName: parked.map { $0.callerName } ?? ParkedBoundTask.unseenCaller)
    call.ordinal = heldTotals[method, default: 0]
    held[id] = call
    return hold
  }

  /// Attaches the timeout of a parked call; returns `false` if it is already gone.
  /// Removes a parked call (cancelled, or timed out).
  mutating func unpark(_ id: UInt64) -> Held? {
    held.removeValue(forKey: id)
  }

  /// The methods with calls parked right now: how many, and the hold that parks them.
  func stillHeld() -> [(method: Method, count: Int, hold: Hold, callers: [String])] {
    var counts: [Method: Int] = [:]
    var callers: [Method: [String]] = [:]
    for (_, call) in held.sorted(by: { $0.key < $1.key }) {
      counts[call.method, default: 0] += 1
      if let name = call.callerName, !callers[call.method, default: []].contains(name) {
        callers[call.method, default: []].append(name)
      }
    }
    return counts.compactMap { method, count in
      (holding[method] ?? holdsAll).map { (method, count, $0, callers[method] ?? []) }
    }
  }

  /// The calls of `method` parked right now, oldest first: id, which call of its method, and the
  /// calling task's lifecycle.
  func heldCalls(of method: Method) -> [HeldCall] {
    held.filter { $0.value.method == method }.sorted { $0.key < $1.key }.map {
      Self.heldCall($0.key, $0.value)
    }
  }

  /// Every call parked right now, oldest first, with its method.
  func allHeldCalls() -> [(method: Method, call: HeldCall)] {
    held.sorted { $0.key < $1.key }.map {
      ($0.value.method, Self.heldCall($0.key, $0.value))
    }
  }

  /// Held call `id` as an exploration sees it.
  private static func heldCall(_ id: UInt64, _ call: Held) -> HeldCall {
    HeldCall(
      id: id, ordinal: call.ordinal, caller: call.caller,
      // A call no bound task made (nothing parked) came from work settling cannot see.
      unseenCaller: call.parked == nil ? call.callerName : nil)
  }

  func heldCount(of method: Method) -> Int {
    held.values.count { $0.method == method }
  }

  /// Stops holding `method` and returns its parked calls, oldest first.
  mutating func release(_ method: Method) -> [Held] {
    holding[method] = nil
    let ids = held.filter { $0.value.method == method }.keys.sorted()
    return ids.compactMap { held.removeValue(forKey: $0) }
  }
}
