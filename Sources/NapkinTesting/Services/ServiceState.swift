/// The pure failure-injection state of a ``MockServiceCore``, run under the core's lock; its
/// holds are the core's ``Holder``'s.
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
  /// Starts a call of `method` that no hold applies to: decides its outcome.
  mutating func start(_ method: @autoclosure () -> Method) -> Start {
    // Stored properties, not a computed "nothing set": a debug build copies the whole state to
    // call a getter from a mutating method.
    if failingMethods.isEmpty, upcoming.isEmpty { return .proceed(nil) }
    return .proceed(failure(for: method()))
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
}
