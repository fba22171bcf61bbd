/// The pure failure-injection and hold state of a ``MockServiceCore``, run under its lock.
struct ServiceState<Method: Hashable & Sendable> {
  var failingMethods: Set<Method> = []
  var injectedError: any Error = SimulatedError()
  var errors: [Method: any Error] = [:]
  /// Failures queued for the next calls of a method; a `nil` entry uses the method's error.
  private var upcoming: [Method: [(any Error)?]] = [:]
  private(set) var holding: Set<Method> = []
  private var held: [UInt64: (method: Method, continuation: CheckedContinuation<Void, any Error>)] =
    [:]
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
      return queued ?? errors[method] ?? injectedError
    }
    if failingMethods.contains(method) { return errors[method] ?? injectedError }
    return nil
  }

  mutating func failNext(_ count: Int, of method: Method, with error: (any Error)?) {
    upcoming[method, default: []].append(contentsOf: repeatElement(error, count: count))
  }

  func upcomingFailures(of method: Method) -> Int {
    upcoming[method]?.count ?? 0
  }

  mutating func stopFailing(_ method: Method) {
    failingMethods.remove(method)
    upcoming[method] = nil
    errors[method] = nil
  }

  mutating func hold(_ method: Method) {
    holding.insert(method)
  }

  /// Parks a held call; returns `false` if `method` is no longer held or the task is cancelled.
  mutating func park(
    _ method: Method, id: UInt64, continuation: CheckedContinuation<Void, any Error>
  ) -> Bool {
    guard holding.contains(method), !Task.isCancelled else { return false }
    held[id] = (method, continuation)
    return true
  }

  /// Removes a parked call whose task was cancelled.
  mutating func unpark(_ id: UInt64) -> CheckedContinuation<Void, any Error>? {
    held.removeValue(forKey: id)?.continuation
  }

  func heldCount(of method: Method) -> Int {
    held.values.count { $0.method == method }
  }

  /// Stops holding `method` and returns its parked calls, oldest first.
  mutating func release(_ method: Method) -> [CheckedContinuation<Void, any Error>] {
    holding.remove(method)
    let ids = held.filter { $0.value.method == method }.keys.sorted()
    return ids.compactMap { held.removeValue(forKey: $0)?.continuation }
  }
}
