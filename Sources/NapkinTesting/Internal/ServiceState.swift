/// The pure failure-injection and hold state of a ``MockServiceCore``, run under its lock.
struct ServiceState<Method: Hashable & Sendable> {
  var failingMethods: Set<Method> = []
  var injectedError: any Error = SimulatedError()
  var errors: [Method: any Error] = [:]
  /// What the next calls of a method do, before `failingMethods` is consulted.
  enum Upcoming {
    case succeed
    /// Fail with this error, or with the method's error (or the injected one) when `nil`.
    case fail((any Error)?)
  }

  /// A parked call, waiting for `release` or its timeout.
  struct Held {
    let method: Method
    let continuation: CheckedContinuation<Void, any Error>
    var timer: Task<Void, Never>?
  }

  /// Outcomes queued for the next calls of a method.
  private var upcoming: [Method: [Upcoming]] = [:]
  /// How long a held call may wait for `release`, and where the test asked for the hold.
  struct Hold {
    let timeout: Duration
    let site: CallSite
  }

  /// The held methods.
  private(set) var holding: [Method: Hold] = [:]
  private var held: [UInt64: Held] = [:]
  private var nextID: UInt64 = 0

  mutating func makeID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// The error the next call of `method` must throw, consuming one queued failure.
  mutating func failure(for method: Method) -> (any Error)? {
    if var queue = upcoming[method], !queue.isEmpty {
      let queued = queue.removeFirst()
      upcoming[method] = queue.isEmpty ? nil : queue
      switch queued {
      case .succeed: return nil
      case .fail(let error): return error ?? errors[method] ?? injectedError
      }
    }
    if failingMethods.contains(method) { return errors[method] ?? injectedError }
    return nil
  }

  mutating func failNext(
    _ count: Int, of method: Method, with error: (any Error)?, after successes: Int
  ) {
    upcoming[method, default: []].append(contentsOf: repeatElement(.succeed, count: successes))
    upcoming[method, default: []].append(contentsOf: repeatElement(.fail(error), count: count))
  }

  func upcomingFailures(of method: Method) -> Int {
    upcoming[method]?.count {
      if case .fail = $0 { return true }
      return false
    } ?? 0
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
    _ method: Method, id: UInt64, continuation: CheckedContinuation<Void, any Error>
  ) -> Hold? {
    guard let hold = holding[method], !Task.isCancelled else { return nil }
    held[id] = Held(method: method, continuation: continuation)
    return hold
  }

  /// Attaches the timeout timer of a parked call; returns `false` if it is already gone.
  mutating func attach(timer: Task<Void, Never>, to id: UInt64) -> Bool {
    guard held[id] != nil else { return false }
    held[id]?.timer = timer
    return true
  }

  /// Removes a parked call (cancelled, or timed out).
  mutating func unpark(_ id: UInt64) -> Held? {
    held.removeValue(forKey: id)
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
