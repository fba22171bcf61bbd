import NapkinMutex

/// The state behind a ``MockService``: its call log, injected failures and held calls.
///
/// Failure injection, from simplest to most precise:
/// - ``failingMethods``: these methods fail on every call, with ``injectedError`` (a
///   ``SimulatedError`` unless set, `CancellationError()` to simulate cancellation);
/// - ``fail(_:with:)``: one method fails on every call with its own error;
/// - ``failNext(_:of:with:after:fileID:filePath:line:column:)``: only the next N calls of a
///   method fail, optionally after some succeed (page 1 succeeds, page 2 fails).
///
/// Held calls make in-flight states testable: after
/// ``hold(_:timeout:fileID:filePath:line:column:)``, calls of the method suspend until
/// ``release(_:fileID:filePath:line:column:)``, or throw `CancellationError` when their task is
/// cancelled; ``waitUntilHeld(_:count:timeout:fileID:filePath:line:column:)`` awaits one. A held
/// call never released is released at the hold's timeout and reported, so no test hangs.
/// Failure settings are read after a held call is released, so a test can change them while
/// calls are in flight.
///
/// Isolation: `Sendable`; all state sits behind one `Mutex` (the call log's, so recording a call
/// and deciding its outcome is one step), released before any continuation resumes.
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

  @usableFromInline let relay: IssueRelay

  /// Creates a core where every method succeeds.
  ///
  /// - Parameters:
  ///   - label: The name used in messages, such as `"MockAuthService"`.
  ///   - fileID: Where the mock is created; strict checks report its unasserted calls there.
  ///   - filePath: Where the mock is created; keep the default.
  ///   - line: Where the mock is created; keep the default.
  ///   - column: Where the mock is created; keep the default.
  public init(
    _ label: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let name = label ?? "MockService<\(Method.self)>"
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // One relay for the core and its recorders: reading `calls` reports what the core kept.
    let relay = IssueRelay(createdAt: site)
    self.relay = relay
    // The failure-injection state lives under the call log's lock: recording a call and deciding
    // its outcome is one step.
    calls = CallRecorder(
      name, relay: relay, site: site, attachment: RecorderAttachment(ServiceState<Method>()))
    heldCalls = CallRecorder("\(name).held", exhaustive: false, relay: relay, site: site)
  }

  /// One issue per method with calls still held, at the line that asked for the hold.
  private func callsStillHeld() -> [NapkinIssue] {
    update { $0.stillHeld() }.map { method, count, hold in
      NapkinIssue(
        "\(count) call\(count == 1 ? " of \(method) was" : "s of \(method) were") still held when "
          + "the test ended, so the test never checked what happens once "
          + "\(count == 1 ? "it returns" : "they return"). Call release(\(method)) before the "
          + "test ends.", at: hold.site)
    }
  }

  /// The methods that fail on every call.
  ///
  /// Assigning replaces the set; mutating it in place (`failingMethods.insert(.login)`) applies
  /// only what the mutation added and removed, in one locked step, so concurrent mutations from
  /// many tasks never lose each other.
  public var failingMethods: Set<Method> {
    get { update { $0.failingMethods } }
    set { update { $0.failingMethods = newValue } }
    _modify {
      // The lock cannot be held across the yield; the change is merged back as a difference.
      let before = update { $0.failingMethods }
      var after = before
      yield &after
      let added = after.subtracting(before)
      let removed = before.subtracting(after)
      if !added.isEmpty || !removed.isEmpty {
        update { state in
          state.failingMethods.subtract(removed)
          state.failingMethods.formUnion(added)
        }
      }
    }
  }

  /// The error failing methods throw unless they have their own.
  public var injectedError: any Error {
    get { update { $0.injectedError } }
    set { update { $0.injectedError = newValue } }
  }

  /// Makes `method` fail on every call with `error`.
  public func fail(_ method: Method, with error: any Error) {
    update { state in
      state.errors[method] = error
      state.failingMethods.insert(method)
    }
  }

  /// Makes only the next `count` calls of `method` fail, after letting `successes` calls
  /// succeed, with `error` (or the method's error, or ``injectedError``).
  ///
  /// Queues after the outcomes already queued; queued outcomes take precedence over
  /// ``failingMethods``. `failNext(1, of: .fetchPage, after: 1)` lets page 1 load and fails page 2.
  ///
  /// - Parameters:
  ///   - count: How many calls fail; at least 1.
  ///   - method: The method to fail.
  ///   - error: The error to throw; `nil` uses the method's error, then ``injectedError``.
  ///   - successes: How many calls succeed first; not negative.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public func failNext(
    _ count: Int = 1, of method: Method, with error: (any Error)? = nil, after successes: Int = 0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard count >= 1, successes >= 0 else {
      relay.report(
        "failNext(\(count), of: \(method), after: \(successes)): count must be at least 1 and "
          + "the successes before it not negative.",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    update { $0.failNext(count, of: method, with: error, after: successes) }
  }

  /// The number of queued failures `method` has left.
  public func upcomingFailures(of method: Method) -> Int {
    update { $0.upcomingFailures(of: method) }
  }

  /// Makes `method` succeed again: clears its failing flag, its error and its queued failures.
  public func stopFailing(_ method: Method) {
    update { $0.stopFailing(method) }
  }

  /// Holds every later call of `method` until ``release(_:fileID:filePath:line:column:)``.
  ///
  /// A held call that is neither released nor cancelled within `timeout` is released anyway and
  /// reported, so a test that forgets to release never hangs.
  ///
  /// - Parameters:
  ///   - method: The method whose calls suspend.
  ///   - timeout: How long one held call may wait for its release.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  public func hold(
    _ method: Method, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard timeout >= .zero else {
      relay.report(
        "hold(\(method), timeout: \(timeout)): the timeout must not be negative; the method is "
          + "not held.", at: site)
      return
    }
    update { $0.hold(method, .init(timeout: timeout, site: site)) }
    // The test's end-of-test checks fail it for calls it leaves held.
    TestScope.current?.registerEndCheck(for: self) { [weak self] in self?.callsStillHeld() ?? [] }
  }

  /// The number of calls of `method` held right now.
  public func heldCount(of method: Method) -> Int {
    update { $0.heldCount(of: method) }
  }

  /// Resumes every held call of `method` and stops holding it.
  ///
  /// Reports a misuse if no call of `method` is held right now.
  public func release(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let (wasHolding, released) = update { state in
      (state.holding[method] != nil, state.release(method))
    }
    if released.isEmpty {
      relay.report(
        "release(\(method)): no call of \(method) is held right now"
          + (wasHolding
            ? " (it was set to hold, and no call arrived yet)." : "; call hold(\(method)) first."),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    for call in released {
      call.resume(with: .success(.released))
      if let deadline = call.deadline { DeadlineScheduler.shared.cancel(deadline) }
    }
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
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard count >= 1 else {
      relay.report(
        "waitUntilHeld(\(method), count: \(count)): count must be at least 1.", at: site)
      return false
    }
    // Reads one counter per held call, so waiting for n held calls costs O(n), not O(n²).
    let matched = await heldCalls.waitForCall(
      where: { [self] _ in update { $0.heldTotals[method, default: 0] } >= count },
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    return matched != nil
  }

  // MARK: Internal

  /// Reports what other tasks kept, then records the call and decides how it starts (held, or
  /// with its outcome) in one locked step. Every mocked call starts here.
  @inlinable
  func start(_ method: Method) -> ServiceState<Method>.Start {
    relay.flush()
    return calls.record(method, updating: ServiceState<Method>.self) { $0.start(method) }
  }

  /// Waits while a started call is held, then decides its outcome: failure settings are read
  /// after the release, so a test can change them while the call is in flight.
  @usableFromInline
  func failureAfterHold(_ method: Method) async throws -> (any Error)? {
    try await waitWhileHeld(method)
    return update { $0.failure(for: method) }
  }

  /// Records the call, waits while it is held, then throws its injected failure, if any.
  ///
  /// Inlinable with ``MockService/throwIfFailing(_:fileID:filePath:line:column:)``, so a release
  /// build specializes it for the mock's method enum.
  @inlinable
  func call(_ method: Method, site: CallSite) async throws {
    // `start(_:)` spelled out: through the helper, a release build's failing call measured
    // about 10 ns slower (37 ns against 28 ns), on the path every mocked call takes.
    relay.flush()
    switch calls.record(method, updating: ServiceState<Method>.self, { $0.start(method) }) {
    case .proceed(let error?): throw error
    case .proceed(nil): return
    case .hold: if let error = try await failureAfterHold(method) { throw error }
    }
  }

  @inlinable
  func callSynchronously(_ method: Method, site: CallSite) throws {
    switch start(method) {
    case .proceed(let error?): throw error
    case .proceed(nil): return
    case .hold:
      reportUnholdable(method, in: "throwIfFailing", at: site)
      if let error = update({ $0.failure(for: method) }) { throw error }
    }
  }

  func recordCall(_ method: Method, site: CallSite) async {
    switch start(method) {
    case .proceed(let error):
      reportFailureOfNonThrowingCall(method, error, site: site)
    case .hold:
      let failure: (any Error)?
      do {
        failure = try await failureAfterHold(method)
      } catch {
        // A method that cannot throw ends quietly when its held call is cancelled.
        failure = update { $0.failure(for: method) }
      }
      reportFailureOfNonThrowingCall(method, failure, site: site)
    }
  }

  func recordCallSynchronously(_ method: Method, site: CallSite) {
    switch start(method) {
    case .proceed(let error):
      reportFailureOfNonThrowingCall(method, error, site: site)
    case .hold:
      reportUnholdable(method, in: "recordCall", at: site)
      reportFailureOfNonThrowingCall(method, update { $0.failure(for: method) }, site: site)
    }
  }

  private func reportFailureOfNonThrowingCall(
    _ method: Method, _ error: (any Error)?, site: CallSite
  ) {
    guard let error else { return }
    relay.report(
      "\(method) was set to fail with \(error), but its mocked method cannot throw "
        + "(recordCall); the call succeeded. Use throwIfFailing in a throwing method.", at: site)
  }

  /// Runs `body` on the failure-injection state, under the call log's lock.
  @inlinable
  func update<Result: Sendable>(_ body: (inout ServiceState<Method>) -> Result) -> Result {
    calls.withAttachedState(ServiceState<Method>.self, body)
  }

  /// Reports a held method called synchronously: it runs without holding.
  @usableFromInline
  func reportUnholdable(_ method: Method, in helper: String, at site: CallSite) {
    relay.report(
      "\(helper)(\(method)) was called synchronously, so the call cannot be held; it ran "
        + "without holding. Make the mocked method async to hold it.", at: site)
  }

  @usableFromInline
  func waitWhileHeld(_ method: Method) async throws {
    let id = update { $0.makeID() }
    let end = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<ServiceState<Method>.HoldEnd, any Error>) in
        guard let hold = update({ $0.park(method, id: id, continuation: continuation) })
        else {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume(returning: .released)
          }
          return
        }
        heldCalls.record(method)
        let deadline = DeadlineScheduler.shared.schedule(after: hold.timeout) { [weak self] in
          self?.expireHeldCall(id, hold: hold)
        }
        if !update({ $0.attach(deadline: deadline, to: id) }) {
          DeadlineScheduler.shared.cancel(deadline)
        }
      }
    } onCancel: {
      guard let call = update({ $0.unpark(id) }) else { return }
      call.resume(with: .failure(CancellationError()))
      if let deadline = call.deadline { DeadlineScheduler.shared.cancel(deadline) }
    }
    // Reported here, on the held call's own task (the test's, or one it started), where the
    // test's collector or framework can take it; the timeout fired on the scheduler's task.
    if case .expired(let hold) = end {
      relay.report(
        "A held call of \(method) was neither released nor cancelled within \(hold.timeout); it "
          + "was released so the test can end. Call release(\(method)) once the test has checked "
          + "the in-flight state.", at: hold.site)
    }
  }

  private func expireHeldCall(_ id: UInt64, hold: ServiceState<Method>.Hold) {
    update { $0.unpark(id) }?.resume(with: .success(.expired(hold)))
  }
}
