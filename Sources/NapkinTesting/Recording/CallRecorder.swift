import NapkinMutex

/// A thread-safe, ordered log of the calls a mock received, which a test can read and await.
///
/// Declare one per mock, usually with an enum of the mock's methods as `Call`, and record from
/// any isolation: an actor, the main actor or nonisolated code. Reads return a consistent
/// snapshot. The awaiting methods (``waitForCalls(count:timeout:fileID:filePath:line:column:)``
/// and ``waitForCall(where:timeout:fileID:filePath:line:column:)``) suspend on a continuation
/// that the matching ``record(_:)`` resumes: no polling and no sleeping. A timeout reports a
/// failure that lists the calls recorded so far, then returns `nil`.
///
/// In strict end-of-test checks, every recorded call must have been read by an assertion; any
/// read of ``calls``, ``count``, ``first``, ``last``, `contains` or a wait counts as asserting
/// every call recorded up to then.
///
/// Isolation: `Sendable`; all state sits behind one `Mutex`, and predicates run outside it.
///
/// ```swift
/// enum AuthCall: Equatable, Sendable { case login, logout }
/// let calls = CallRecorder<AuthCall>("MockAuthService")
/// calls.record(.login)
/// await calls.waitForCall(.login)
/// #expect(calls.calls == [.login])
/// ```
public final class CallRecorder<Call: Sendable>: Sendable {
  /// The name used in failure messages.
  public let label: String

  @usableFromInline let state: Mutex<RecorderState<Call>>
  /// The owner's state that `state`'s lock guards too (a ``RecorderAttachment``), if any. Beside
  /// the lock rather than in it so reaching it costs no reference counting; it is only ever
  /// touched inside `state.withLock`.
  @usableFromInline nonisolated(unsafe) let attachment: AnyObject?
  let relay: IssueRelay
  private let exhaustive: Bool
  /// Where the recorder (or the mock owning it) was created: strict checks report there.
  private let creationSite: CallSite
  /// The end-of-test scope this recorder was created in, if any.
  private let scope: TestScope?

  /// Creates an empty recorder.
  ///
  /// - Parameters:
  ///   - label: The name failure messages use; defaults to `CallRecorder<Call>`.
  ///   - exhaustive: Whether strict end-of-test checks require its calls to be asserted.
  ///   - fileID: Where the recorder is created; strict checks report unasserted calls there.
  ///   - filePath: Where the recorder is created; keep the default.
  ///   - line: Where the recorder is created; keep the default.
  ///   - column: Where the recorder is created; keep the default.
  public convenience init(
    _ label: String? = nil, exhaustive: Bool = true,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      label, exhaustive: exhaustive, relay: nil,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates an empty recorder that keeps and reports its issues through `relay`, so an owner
  /// (a mock service, a mock router) and its recorders flush each other's kept issues.
  ///
  /// `attachment` is state of the owner's that the recorder's lock guards too (see
  /// ``record(_:updating:_:)``).
  init(
    _ label: String?, exhaustive: Bool = true, relay: IssueRelay?, site: CallSite,
    attachment: AnyObject? = nil
  ) {
    self.state = Mutex(RecorderState())
    self.attachment = attachment
    self.label = label ?? "CallRecorder<\(Call.self)>"
    self.creationSite = site
    self.exhaustive = exhaustive
    self.relay = relay ?? IssueRelay(createdAt: site)
    let scope = TestScope.current
    self.scope = scope
    scope?.register(self)
  }

  deinit {
    // A recorder released before the end-of-test checks (a mock local to the test) still owes
    // strict checks the calls no assertion read.
    scope?.recorderReleased(unasserted: unassertedSummary())
  }

  /// Appends `call` and wakes the waiters it satisfies.
  ///
  /// Inlinable, so a release build specializes it for the mock's `Call` type: the fast path is
  /// one lock, one append and a check whether a waiter may be satisfied.
  @inlinable
  public func record(_ call: Call) {
    let needsWake = state.withLock { state in
      state.calls.append(call)
      return state.needsWake
    }
    if needsWake { wake(for: call) }
  }

  /// Appends `call` and runs `body` on the attached state in the same locked step, then wakes
  /// the waiters the call satisfies.
  @inlinable
  func record<State, Result: Sendable>(
    _ call: Call, updating _: State.Type, _ body: (inout State) -> Result
  ) -> Result {
    let (result, needsWake) = state.withLock { state in
      state.calls.append(call)
      let attached = unsafeDowncast(
        attachment.unsafelyUnwrapped, to: RecorderAttachment<State>.self)
      return (body(&attached.state), state.needsWake)
    }
    if needsWake { wake(for: call) }
    return result
  }

  /// Runs `body` on the attached state under the recorder's lock.
  @inlinable
  func withAttachedState<State, Result: Sendable>(
    _: State.Type, _ body: (inout State) -> Result
  ) -> Result {
    state.withLock { _ in
      let attached = unsafeDowncast(
        attachment.unsafelyUnwrapped, to: RecorderAttachment<State>.self)
      return body(&attached.state)
    }
  }

  @inlinable
  func wake(for call: Call) {
    let (first, more, predicates) = state.withLock { $0.wake() }
    first?.perform()
    for release in more { release.perform() }
    for (id, predicate) in predicates where predicate(call) {
      state.withLock { $0.release(id) { _ in .call(call) } }?.perform()
    }
  }

  /// Every call recorded so far, in order.
  public var calls: [Call] {
    relay.flush()
    return state.withLock { $0.examine() }
  }

  /// The number of calls recorded so far.
  public var count: Int { calls.count }

  /// The first call recorded, if any.
  public var first: Call? { calls.first }

  /// The most recent call recorded, if any.
  public var last: Call? { calls.last }

  /// The number of recorded calls matching `predicate`.
  public func count(where predicate: (Call) throws -> Bool) rethrows -> Int {
    try calls.count(where: predicate)
  }

  /// Whether any recorded call matches `predicate`.
  public func contains(where predicate: (Call) throws -> Bool) rethrows -> Bool {
    try calls.contains(where: predicate)
  }

  /// Forgets every recorded call.
  public func reset() {
    state.withLock { $0.reset() }
  }

  /// Suspends until at least `count` calls were recorded, then returns them all.
  ///
  /// Returns at once if enough calls are already recorded. On timeout, reports a failure at the
  /// caller's line listing the calls recorded so far, and returns `nil`. If the waiting task is
  /// cancelled, returns `nil` without a failure.
  ///
  /// - Parameters:
  ///   - count: The number of calls to wait for; at least 1.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult @inlinable
  public func waitForCalls(
    count: Int, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> [Call]? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard prepareWait(count: count, timeout: timeout, at: site) else { return nil }
    switch await wait(for: .count(count), timeout: timeout) {
    case .calls(let calls): return calls
    case .call(let call): return [call]
    case .cancelled: return nil
    case .timedOut(let recorded):
      reportTimeout(waitingFor: count, timeout: timeout, recorded: recorded, at: site)
      return nil
    }
  }

  /// Suspends until a call matching `predicate` is recorded, then returns it.
  ///
  /// Calls recorded before the wait count too. On timeout, reports a failure at the caller's line
  /// listing the calls recorded so far, and returns `nil`.
  ///
  /// - Parameters:
  ///   - predicate: Selects the awaited call; evaluated outside the recorder's lock.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult @inlinable
  public func waitForCall(
    where predicate: @escaping @Sendable (Call) -> Bool,
    timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Call? {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard prepareWait(count: nil, timeout: timeout, at: site) else { return nil }
    switch await wait(for: .match(predicate), timeout: timeout) {
    case .call(let call): return call
    case .calls(let calls): return calls.last
    case .cancelled: return nil
    case .timedOut(let recorded):
      reportTimeout(waitingFor: nil, timeout: timeout, recorded: recorded, at: site)
      return nil
    }
  }

  /// The number of waits suspended on this recorder right now, for benchmarks that must record
  /// only once a waiter is parked.
  @_spi(Benchmarking) @inlinable public var suspendedWaitCount: Int {
    state.withLock { $0.waiterCount }
  }

  // MARK: Internal

  /// The calls no assertion read, for strict end-of-test checks, with where the recorder was
  /// created; `nil` when none or not exhaustive.
  func unassertedSummary() -> NapkinIssue? {
    guard exhaustive else { return nil }
    let unasserted = state.withLock { Array($0.unasserted) }
    guard !unasserted.isEmpty else { return nil }
    let list = unasserted.map { "\($0)" }.joined(separator: ", ")
    return NapkinIssue(
      "Strict checks: \(label) recorded \(unasserted.count) call\(unasserted.count == 1 ? "" : "s") "
        + "no assertion read: \(list).", at: creationSite)
  }

  static func describe(_ calls: [Call]) -> String {
    if calls.isEmpty { return "no calls recorded" }
    let list = calls.map { "\($0)" }.joined(separator: ", ")
    return "\(calls.count) recorded: [\(list)]"
  }

  // MARK: Private

  /// Reports kept issues, then checks a wait's arguments (`count` is `nil` for a predicate
  /// wait); reports a misuse and returns `false` if they are invalid.
  @usableFromInline
  func prepareWait(count: Int?, timeout: Duration, at site: CallSite) -> Bool {
    relay.flush()
    let method = count == nil ? "waitForCall(where:)" : "waitForCalls(count:)"
    if let count, count < 1 {
      relay.report(
        "waitForCalls(count: \(count)) on \(label): count must be at least 1.", at: site)
      return false
    }
    guard timeout < .zero else { return true }
    relay.report("\(method) on \(label): timeout \(timeout) must not be negative.", at: site)
    return false
  }

  /// Reports a wait that timed out, listing what was recorded (`count` is `nil` for a predicate
  /// wait).
  @usableFromInline
  func reportTimeout(waitingFor count: Int?, timeout: Duration, recorded: [Call], at site: CallSite)
  {
    let awaited =
      count.map { "\($0) call\($0 == 1 ? "" : "s")" } ?? "a matching call"
    relay.report(
      "Timed out after \(timeout) waiting for \(awaited) on \(label); "
        + "\(Self.describe(recorded)).", at: site)
  }

  /// Suspends until `condition` holds, the timeout passes or the task is cancelled.
  ///
  /// Inlinable with the public waits, so the path from `record` to the waiter resuming is
  /// specialized for `Call` in release builds.
  @inlinable
  func wait(
    for condition: RecorderState<Call>.Condition, timeout: Duration
  ) async -> RecorderState<Call>.Outcome {
    // A count already reached needs no continuation and no timeout.
    let (id, reached) = state.withLock { $0.begin(condition) }
    if let reached { return reached }
    return await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<RecorderState<Call>.Outcome, Never>) in
        let (immediate, backlog) = state.withLock {
          $0.register(condition, continuation: continuation, id: id)
        }
        if let immediate {
          continuation.resume(returning: immediate)
          return
        }
        if case .match(let predicate) = condition, let match = backlog.first(where: predicate) {
          state.withLock { $0.release(id) { _ in .call(match) } }?.perform()
          return
        }
        // Scheduled only once the waiter is registered: a short timeout can fire at once, and
        // must find the waiter to time out. A waiter released meanwhile needs no timeout.
        let deadline = DeadlineScheduler.shared.schedule(after: timeout) { [weak self] in
          self?.state.withLock { $0.release(id) { .timedOut($0) } }?.perform()
        }
        if !state.withLock({ $0.attach(deadline: deadline, to: id) }) {
          DeadlineScheduler.shared.cancel(deadline)
        }
        // Cancelled before the waiter was registered: the cancellation handler found nothing.
        if Task.isCancelled {
          state.withLock { $0.release(id) { _ in .cancelled } }?.perform()
        }
      }
    } onCancel: {
      state.withLock { $0.release(id) { _ in .cancelled } }?.perform()
    }
  }
}

extension CallRecorder where Call: Equatable {
  /// The number of recorded calls equal to `call`.
  public func count(of call: Call) -> Int {
    calls.count { $0 == call }
  }

  /// Whether `call` was recorded.
  public func contains(_ call: Call) -> Bool {
    calls.contains(call)
  }

  /// The number of recorded calls equal to `call`, without marking anything as asserted.
  func countWithoutAsserting(of call: Call) -> Int {
    state.withLock { $0.calls }.count { $0 == call }
  }

  /// Suspends until `call` is recorded; returns `false` after reporting a timeout.
  @discardableResult
  public func waitForCall(
    _ call: Call, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await waitForCall(
      where: { $0 == call }, timeout: timeout, fileID: fileID, filePath: filePath, line: line,
      column: column) != nil
  }
}
