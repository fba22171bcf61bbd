import NapkinMutex

/// The state behind a ``MockService``: its call log, injected failures and held calls.
///
/// A mock service declares one in a `let mock` and does everything else through the service
/// itself: the test writes `service.hold(.login)`, `service.failNext(1, of: .fetch)`,
/// `#expect(service.calls == [.login])`; the mock starts each method with
/// `try await throwIfFailing(.login)`. See ``MockService`` for every operation.
///
/// Isolation: `Sendable`. The failure and hold settings sit behind the core's own `Mutex`; a
/// call is recorded into ``MockService/calls`` while that lock is held (always in that order),
/// so calls are decided in the order they are recorded. No lock is held while a continuation
/// resumes.
///
/// ```swift
/// final class MockAuth: AuthService, MockService {
///   nonisolated enum Method: Hashable, Sendable { case login }
///   let mock = MockServiceCore<Method>("MockAuth")
///   func login() async throws { try await throwIfFailing(.login) }
/// }
/// ```
public final class MockServiceCore<Method: Hashable & Sendable>: Sendable {
  /// Every call, by method, in order.
  let log: CallRecorder<Method>
  /// The hold of the service's calls, by method.
  let holder: Holder
  /// The deprecated log of held calls, made when first read, and how many it was made with.
  private let heldLog = Mutex<(log: CallRecorder<Method>, from: Int)?>(nil)
  let owner: IssueOwner
  /// Where the mock was created, where a misuse of a call without a site of its own is reported.
  let creationSite: CallSite
  private let state = Mutex(ServiceState())
  /// The error type of each method with typed throws, by method.
  private let failureTypes = Mutex<[MethodKey: FailureType]>([:])

  /// The one error type a method throws (`throws(E)`).
  private struct FailureType: Sendable {
    /// The type's name, such as `LoadError`.
    let name: String
    /// Whether an error is of that type.
    let accepts: @Sendable (any Error) -> Bool
  }

  /// Creates a core where every method succeeds.
  ///
  /// - Parameters:
  ///   - label: The name used in messages, such as `"MockAuthService"`.
  ///   - fileID: Where the mock is created; strict checks name it. Keep the default.
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
    // One owner for the core and its recorders: reading `calls` reports what the core kept.
    let owner = IssueOwner(createdAt: site)
    self.owner = owner
    creationSite = site
    log = CallRecorder(name, owner: owner, site: site)
    holder = Holder(names: HolderNames(label: name, isService: true), owner: owner)
  }

  // MARK: Settings

  /// Declares that `method` throws only `Failure` (`throws(Failure)`): failure injection refuses
  /// an error of another type, reporting the misuse where the test set it.
  ///
  /// A generated mock calls it in its initializer for each method with typed throws, whose body
  /// then starts with `try await throwIfFailing(.method, as: Failure.self)`.
  ///
  /// ```swift
  /// mock.limitFailures(of: .load, to: LoadError.self)
  /// ```
  public func limitFailures<Failure: Error>(of method: Method, to type: Failure.Type) {
    let failureType = FailureType(
      name: String(describing: Failure.self), accepts: { $0 is Failure })
    failureTypes.withLock { $0[MethodKey(method)] = failureType }
  }

  /// Whether `method` can fail with `error`; reports the misuse of `call` at `site` if it cannot.
  private func accepts(
    _ error: any Error, of method: Method, in call: String, at site: CallSite
  ) -> Bool {
    guard let failureType = failureTypes.withLock({ $0[MethodKey(method)] }),
      !failureType.accepts(error)
    else { return true }
    owner.report(
      "\(call): \(method) throws only \(failureType.name) (typed throws), so it cannot fail "
        + "with \(type(of: error)); the failure is not set. Pass a \(failureType.name).",
      at: site)
    return false
  }

  /// `error` as `Failure`, or `nil` after reporting that `method`'s failure has another type.
  private func typed<Failure: Error>(
    _ error: (any Error)?, of method: Method, at site: CallSite
  ) -> Failure? {
    guard let error else { return nil }
    if let typed = error as? Failure { return typed }
    owner.report(
      "\(method) was set to fail with \(type(of: error)), but it throws only \(Failure.self) "
        + "(typed throws); the call succeeded. Set a \(Failure.self) with "
        + "fail(.\(method), with:) or failNext(of: .\(method), with:).", at: site)
    return nil
  }

  /// The methods that fail on every call; see ``MockService/failingMethods``.
  var failing: Set<Method> {
    get { Self.typed(state.withLock { $0.failingMethods }) }
    set { state.withLock { $0.failingMethods = Self.keys(newValue) } }
    _modify {
      // The lock cannot be held across the yield; the change is merged back as a difference.
      let before = Self.typed(state.withLock { $0.failingMethods })
      var after = before
      yield &after
      let added = after.subtracting(before)
      let removed = before.subtracting(after)
      if !added.isEmpty || !removed.isEmpty {
        state.withLock { state in
          state.failingMethods.subtract(Self.keys(removed))
          state.failingMethods.formUnion(Self.keys(added))
        }
      }
    }
  }

  /// The error failing methods throw unless they have their own.
  var defaultError: any Error {
    get { state.withLock { $0.injectedError } }
    set { state.withLock { $0.injectedError = newValue } }
  }

  func setFailure(_ method: Method, _ error: any Error) {
    guard
      accepts(error, of: method, in: "fail(.\(method), with: \(error))", at: creationSite)
    else { return }
    state.withLock { state in
      state.errors[MethodKey(method)] = error
      state.failingMethods.insert(MethodKey(method))
    }
  }

  func queueFailures(
    _ count: Int, of method: Method, with error: (any Error)?, after successes: Int,
    at site: CallSite
  ) {
    guard count >= 1, successes >= 0 else {
      owner.report(
        "failNext(\(count), of: \(method), after: \(successes)): count must be at least 1 and "
          + "the successes before it not negative.", at: site)
      return
    }
    if let error,
      !accepts(
        error, of: method, in: "failNext(\(count), of: .\(method), with: \(error))", at: site)
    {
      return
    }
    state.withLock { $0.failNext(count, of: MethodKey(method), with: error, after: successes) }
  }

  func queuedFailures(of method: Method) -> Int {
    state.withLock { $0.upcomingFailures(of: MethodKey(method)) }
  }

  func clearFailures(of method: Method) {
    state.withLock { $0.stopFailing(MethodKey(method)) }
  }

  // MARK: Holding

  /// Holds every later call of `method` until it is released, or `timeout` passes.
  ///
  /// A `nil` timeout holds each call until it is answered or cancelled, with no timer: for the
  /// explorer, which answers every call it holds (a timer per call woke a dispatch thread).
  func startHolding(_ method: Method, timeout: Duration?, at site: CallSite) {
    holder.start(
      MethodKey(method), timeout: timeout, at: site,
      misuse: "hold(\(method), timeout: \(timeout.map { "\($0)" } ?? "none")): the timeout must "
        + "not be negative; the method is not held.")
  }

  /// Holds every later call of every method that can throw any error (`throwIfFailing` in an
  /// `async throws` method), with no timer: for an exploration's sweep, which answers every call
  /// it holds. A call that cannot throw, or only one type, or is synchronous is not held.
  func startHoldingAll(at site: CallSite) {
    holder.start(nil, timeout: nil, at: site, misuse: "")
  }

  /// The calls of `method` parked right now (every call, for `nil`), oldest first, with their
  /// method as an order string names it: for an exploration.
  func exploredHeldCalls(of method: Method?) -> [(method: String, call: HeldCall)] {
    holder.parked(of: method.map { MethodKey($0) })
  }

  /// Resumes the one held call `id`: normally, or throwing `error`. Returns `false` if it is gone.
  @discardableResult
  func answerHeld(_ id: UInt64, throwing error: (any Error)?) -> Bool {
    holder.answer(id, throwing: error)
  }

  func callsHeld(of method: Method) -> Int {
    holder.parked(of: MethodKey(method)).count
  }

  func releaseHeld(_ method: Method, at site: CallSite) {
    holder.release(
      MethodKey(method), recorded: log.countWithoutAsserting(of: method), at: site)
  }

  /// Resumes the held call of `method` numbered `ordinal`, or reports that it is not held.
  func releaseHeld(_ method: Method, call ordinal: Int, at site: CallSite) {
    holder.release(ordinal: ordinal, of: MethodKey(method), at: site)
  }

  func awaitHeld(_ method: Method, count: Int, timeout: Duration, at site: CallSite) async -> Bool {
    await holder.awaitHeld(
      MethodKey(method), count: count, timeout: timeout,
      recorded: { [log] in log.countWithoutAsserting(of: method) }, at: site)
  }

  // MARK: Calls

  /// Reports what other tasks kept, then records the call and decides how it starts (held, or
  /// with its outcome). Every mocked call starts here.
  func start(_ method: Method, sweeps: Bool = false) -> ServiceState.Start {
    owner.flush()
    let held = holder.holds(MethodKey(method), sweeps: sweeps)
    if held { holder.announceIfUnseen(MethodKey(method), name: "\(method)") }
    let (start, needsWake) = state.withLock { state in
      (held ? .hold : state.start(MethodKey(method)), log.appendReturningWake(method))
    }
    if needsWake { log.wake(for: method) }
    return start
  }

  func call(_ method: Method, site: CallSite) async throws {
    switch start(method, sweeps: true) {
    case .proceed(let error?): throw error
    case .proceed(nil): return
    case .hold: if let error = try await failureAfterHold(method) { throw error }
    }
  }

  func callSynchronously(_ method: Method, site: CallSite) throws {
    switch start(method) {
    case .proceed(let error?): throw error
    case .proceed(nil): return
    case .hold:
      reportUnholdable(method, in: "throwIfFailing", at: site)
      if let error = state.withLock({ $0.failure(for: MethodKey(method)) }) { throw error }
    }
  }

  /// A call of a method that throws only `Failure`: its failure, or `nil` to proceed. A failure
  /// of another type is reported and the call proceeds; a held call that is cancelled proceeds
  /// quietly unless `Failure` is `CancellationError`.
  func typedCall<Failure: Error>(
    _ method: Method, as type: Failure.Type, site: CallSite
  ) async -> Failure? {
    switch start(method) {
    case .proceed(let error):
      return typed(error, of: method, at: site)
    case .hold:
      let failure: (any Error)?
      do {
        failure = try await failureAfterHold(method)
      } catch {
        if let cancelled = error as? Failure { return cancelled }
        failure = state.withLock { $0.failure(for: MethodKey(method)) }
      }
      return typed(failure, of: method, at: site)
    }
  }

  /// A synchronous call of a method that throws only `Failure`; see ``typedCall(_:as:site:)``.
  func typedCallSynchronously<Failure: Error>(
    _ method: Method, as type: Failure.Type, site: CallSite
  ) -> Failure? {
    switch start(method) {
    case .proceed(let error):
      return typed(error, of: method, at: site)
    case .hold:
      reportUnholdable(method, in: "throwIfFailing", at: site)
      return typed(state.withLock { $0.failure(for: MethodKey(method)) }, of: method, at: site)
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
        failure = state.withLock { $0.failure(for: MethodKey(method)) }
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
      reportFailureOfNonThrowingCall(
        method, state.withLock { $0.failure(for: MethodKey(method)) }, site: site)
    }
  }

  // MARK: Private

  /// The methods of `keys`, as this core's `Method`s.
  private static func typed(_ keys: Set<MethodKey>) -> Set<Method> {
    Set(keys.compactMap { $0.base as? Method })
  }

  /// `methods` as the state's keys.
  private static func keys(_ methods: Set<Method>) -> Set<MethodKey> {
    Set(methods.map { MethodKey($0) })
  }

  func failureAfterHold(_ method: Method) async throws -> (any Error)? {
    try await waitWhileHeld(method)
    return state.withLock { $0.failure(for: MethodKey(method)) }
  }

  private func reportFailureOfNonThrowingCall(
    _ method: Method, _ error: (any Error)?, site: CallSite
  ) {
    guard let error else { return }
    owner.report(
      "\(method) was set to fail with \(error), but its mocked method cannot throw "
        + "(recordCall); the call succeeded. Use throwIfFailing in a throwing method.", at: site)
  }

  private func reportUnholdable(_ method: Method, in helper: String, at site: CallSite) {
    owner.report(
      "\(helper)(\(method)) was called synchronously, so the call cannot be held; it ran "
        + "without holding. Make the mocked method async to hold it.", at: site)
  }

  private func waitWhileHeld(_ method: Method) async throws {
    let parked: (Int) -> Void = { index in
      self.heldLog.withLock { if let held = $0, index >= held.from { held.log.record(method) } }
    }
    switch await holder.wait(MethodKey(method), call: method, name: "\(method)", parked: parked) {
    case .released(let error?): throw error
    case .cancelled: throw CancellationError()
    case .released(nil), .expired, nil: return
    }
  }

  /// Every call that started being held, by method: made when first read, for the deprecated
  /// ``heldCalls``.
  var heldHistory: CallRecorder<Method> {
    heldLog.withLock { held in
      if let held { return held.log }
      let log = CallRecorder<Method>(
        "\(log.label).held", exhaustive: false, owner: owner, site: creationSite)
      let history = holder.history.compactMap { $0.base as? Method }
      for method in history { log.record(method) }
      held = (log, history.count)
      return log
    }
  }
}
