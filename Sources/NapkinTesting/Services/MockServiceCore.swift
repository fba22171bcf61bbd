import Synchronization

/// The state behind a ``MockService``: its call log, injected failures and held calls.
///
/// Failure injection, from simplest to most precise:
/// - ``failingMethods``: these methods fail on every call, with ``injectedError`` (a
///   ``SimulatedError`` unless set, `CancellationError()` to simulate cancellation);
/// - ``fail(_:with:)``: one method fails on every call with its own error;
/// - ``failNext(_:of:with:fileID:filePath:line:column:)``: only the next N calls of a method fail
///   (page 1 succeeds, page 2 fails), queued failures first.
///
/// Held calls make in-flight states testable: after ``hold(_:)``, calls of the method suspend
/// until ``release(_:fileID:filePath:line:column:)``, or throw `CancellationError` when their task
/// is cancelled; ``waitUntilHeld(_:count:timeout:fileID:filePath:line:column:)`` awaits one.
/// Failure settings are read after a held call is released, so a test can change them while
/// calls are in flight.
///
/// Isolation: `Sendable`; all state sits behind one `Mutex`, released before any continuation
/// resumes.
///
/// ```swift
/// service.mock.hold(.login)
/// let login = Task { await sut.loggedOutDidTapLogin() }
/// await service.mock.waitUntilHeld(.login)
/// await sut.deactivate()          // cancels the bound work holding the call
/// ```
public final class MockServiceCore<Method: Hashable & Sendable>: Sendable {
  /// Every call, by method, in order.
  public let calls: CallRecorder<Method>

  /// Every call that started being held, by method.
  public let heldCalls: CallRecorder<Method>

  private let state = Mutex(ServiceState<Method>())
  private let relay: IssueRelay

  /// Creates a core where every method succeeds.
  ///
  /// - Parameter label: The name used in messages, such as `"MockAuthService"`.
  public init(_ label: String? = nil) {
    let name = label ?? "MockService<\(Method.self)>"
    // One relay for the core and its recorders: reading `calls` reports what the core kept.
    let relay = IssueRelay()
    self.relay = relay
    calls = CallRecorder(name, relay: relay)
    heldCalls = CallRecorder("\(name).held", exhaustive: false, relay: relay)
  }

  /// The methods that fail on every call.
  public var failingMethods: Set<Method> {
    get { state.withLock { $0.failingMethods } }
    set { state.withLock { $0.failingMethods = newValue } }
  }

  /// The error failing methods throw unless they have their own.
  public var injectedError: any Error {
    get { state.withLock { $0.injectedError } }
    set { state.withLock { $0.injectedError = newValue } }
  }

  /// Makes `method` fail on every call with `error`.
  public func fail(_ method: Method, with error: any Error) {
    state.withLock { state in
      state.errors[method] = error
      state.failingMethods.insert(method)
    }
  }

  /// Makes only the next `count` calls of `method` fail, with `error` (or the method's error, or
  /// ``injectedError``). Queues after failures already queued.
  public func failNext(
    _ count: Int = 1, of method: Method, with error: (any Error)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard count >= 1 else {
      Reporter.report(
        "failNext(\(count), of: \(method)): count must be at least 1.",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    state.withLock { $0.failNext(count, of: method, with: error) }
  }

  /// The number of queued failures `method` has left.
  public func upcomingFailures(of method: Method) -> Int {
    state.withLock { $0.upcomingFailures(of: method) }
  }

  /// Makes `method` succeed again: clears its failing flag, its error and its queued failures.
  public func stopFailing(_ method: Method) {
    state.withLock { $0.stopFailing(method) }
  }

  /// Holds every later call of `method` until ``release(_:fileID:filePath:line:column:)``.
  public func hold(_ method: Method) {
    state.withLock { $0.hold(method) }
  }

  /// The number of calls of `method` held right now.
  public func heldCount(of method: Method) -> Int {
    state.withLock { $0.heldCount(of: method) }
  }

  /// Resumes every held call of `method` and stops holding it.
  ///
  /// Reports a misuse if no call of `method` is held right now.
  public func release(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let (wasHolding, released) = state.withLock { state in
      (state.holding.contains(method), state.release(method))
    }
    if released.isEmpty {
      Reporter.report(
        "release(\(method)): no call of \(method) is held right now"
          + (wasHolding
            ? " (it was set to hold, and no call arrived yet)." : "; call hold(\(method)) first."),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    for continuation in released { continuation.resume() }
  }

  /// Suspends until `count` calls of `method` have been held in total.
  ///
  /// On timeout, reports a failure listing the calls so far and returns `false`.
  @discardableResult
  public func waitUntilHeld(
    _ method: Method, count: Int = 1, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    let target = count
    let matched = await heldCalls.waitForCall(
      where: { [heldCalls] _ in heldCalls.countWithoutAsserting(of: method) >= target },
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    return matched != nil
  }

  // MARK: Internal

  func call(_ method: Method, site: CallSite) async throws {
    relay.flush()
    calls.record(method)
    if state.withLock({ $0.holding.contains(method) }) {
      try await waitWhileHeld(method)
    }
    if let error = state.withLock({ $0.failure(for: method) }) { throw error }
  }

  func callSynchronously(_ method: Method, site: CallSite) throws {
    relay.flush()
    calls.record(method)
    if state.withLock({ $0.holding.contains(method) }) {
      relay.report(
        "throwIfFailing(\(method)) was called synchronously, so the call cannot be held; it ran "
          + "without holding. Make the mocked method async to hold it.", at: site)
    }
    if let error = state.withLock({ $0.failure(for: method) }) { throw error }
  }

  private func waitWhileHeld(_ method: Method) async throws {
    let id = state.withLock { $0.makeID() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let parked = state.withLock { $0.park(method, id: id, continuation: continuation) }
        if parked {
          heldCalls.record(method)
        } else if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          continuation.resume()
        }
      }
    } onCancel: {
      state.withLock { $0.unpark(id) }?.resume(throwing: CancellationError())
    }
  }
}
