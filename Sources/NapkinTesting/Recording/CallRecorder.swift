import NapkinMutex

/// A thread-safe, ordered log of the calls a mock received, which a test can read and await.
///
/// Declare one per mock, usually with an enum of the mock's methods as `Call`, and record from
/// any isolation: an actor, the main actor or nonisolated code. Compare every call recorded so
/// far with `==` (`#expect(recorder == [.login])`); read them as an array with ``all``.
/// The waits (``waitForCalls(count:timeout:fileID:filePath:line:column:)``,
/// ``waitForCall(where:timeout:fileID:filePath:line:column:)`` and
/// ``waitForCall(_:timeout:fileID:filePath:line:column:)``) suspend on a continuation that the
/// matching ``record(_:)`` resumes: no polling and no sleeping. Every wait returns `true` once
/// what it waits for was recorded; on timeout it reports a failure listing the calls recorded so
/// far and returns `false`.
///
/// In strict end-of-test checks, every recorded call must have been read by an assertion; any
/// read of ``all``, ``count``, ``first``, ``last``, `contains`, `==` or a wait counts as
/// asserting every call recorded up to then.
///
/// Isolation: `Sendable`; all state sits behind one `Mutex`, and predicates run outside it.
///
/// In a default-MainActor target, declare the call enum and every type in its cases
/// `nonisolated`: otherwise comparing calls cannot use their main-actor `Equatable` conformance
/// (for a payload type from another module the error has no source location).
///
/// ```swift
/// nonisolated enum AuthCall: Equatable, Sendable { case login, logout }
/// let calls = CallRecorder<AuthCall>("MockAuthService")
/// calls.record(.login)
/// await calls.waitForCall(.login)
/// #expect(calls == [.login])
/// ```
public final class CallRecorder<Call: Sendable>: Sendable {
  /// The name used in failure messages.
  public let label: String

  /// The log, which the test's timeline also reads.
  let storage = CallLogStorage()
  let owner: IssueOwner
  private let exhaustive: Bool
  /// Where the recorder (or the mock owning it) was created: strict checks report there.
  private let creationSite: CallSite
  /// The end-of-test scope this recorder was created in, if any.
  private let scope: TestScope?
  /// The timeline of the test it was created in, which it appends every call to.
  private let timeline: Timeline?
  /// The hold of the calls recorded with `recordCall`.
  let holder: Holder

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
      label, exhaustive: exhaustive, owner: nil,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates an empty recorder that reports through `owner` (its owner's) and whose strict
  /// failures point at `site`, where the test created the owning mock.
  init(_ label: String?, exhaustive: Bool = true, owner: IssueOwner?, site: CallSite) {
    self.label = label ?? "CallRecorder<\(Call.self)>"
    self.creationSite = site
    self.exhaustive = exhaustive
    let owner = owner ?? IssueOwner(createdAt: site)
    self.owner = owner
    holder = Holder(names: HolderNames(label: self.label, isService: false), owner: owner)
    let scope = TestScope.owning
    self.scope = scope
    self.timeline = scope?.timeline
    scope?.register(self)
    scope?.timeline.register(storage, from: self.label)
  }

  deinit {
    // A recorder released before the end-of-test checks (a mock local to the test) still owes
    // strict checks the calls no assertion read.
    scope?.recorderReleased(unasserted: unassertedSummary())
  }

  /// Appends `call` and wakes the waiters it satisfies.
  public func record(_ call: Call) {
    let needsWake: Bool
    if let timeline {
      needsWake = storage.state.withLock { $0.append(call, stamp: timeline.nextStamp()) }
    } else {
      needsWake = storage.state.withLock { $0.append(call, stamp: nil) }
    }
    if needsWake { wake(for: call) }
  }

  /// Every call recorded so far, in order.
  public var all: [Call] {
    owner.flush()
    return Self.typed(storage.state.withLock { $0.readAll() })
  }

  /// Every call recorded so far, in order.
  @available(*, deprecated, renamed: "all", message: "compare with == or read all")
  public var calls: [Call] { all }

  /// The number of calls recorded so far.
  public var count: Int { all.count }

  /// Whether no call was recorded so far; reading it asserts every call, as ``count`` does.
  ///
  /// ```swift
  /// #expect(router.calls.isEmpty)
  /// ```
  public var isEmpty: Bool { all.isEmpty }

  /// The first call recorded, if any.
  public var first: Call? { all.first }

  /// The most recent call recorded, if any.
  public var last: Call? { all.last }

  /// The number of recorded calls matching `predicate`.
  public func count(where predicate: (Call) throws -> Bool) rethrows -> Int {
    try all.count(where: predicate)
  }

  /// Whether any recorded call matches `predicate`.
  public func contains(where predicate: (Call) throws -> Bool) rethrows -> Bool {
    try all.contains(where: predicate)
  }

  /// Forgets every recorded call.
  public func reset() {
    storage.state.withLock { $0.reset() }
  }

  /// Suspends until at least `count` calls were recorded; returns whether they were.
  ///
  /// Returns `true` at once if enough calls are already recorded. On timeout, reports a failure
  /// at the caller's line listing the calls recorded so far, and returns `false`. If the waiting
  /// task is cancelled, returns `false` without a failure.
  ///
  /// - Parameters:
  ///   - count: The number of calls to wait for; at least 1.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitForCalls(
    count: Int, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let what = "\(count) call\(count == 1 ? "" : "s")"
    guard count >= 1 else {
      owner.report("waitForCalls(count: \(count)) on \(label): count must be at least 1.", at: site)
      return false
    }
    return await wait(for: .count(count), describedAs: what, timeout: timeout, at: site)
  }

  /// Suspends until a call matching `predicate` is recorded; returns whether one was.
  ///
  /// Calls recorded before the wait count too. On timeout, reports a failure at the caller's line
  /// listing the calls recorded so far, and returns `false`.
  ///
  /// - Parameters:
  ///   - predicate: Selects the awaited call; evaluated outside the recorder's lock.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitForCall(
    where predicate: @escaping @Sendable (Call) -> Bool,
    timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await wait(
      for: Self.matching(predicate), describedAs: "a matching call", timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The number of waits suspended on this recorder right now, for benchmarks that must record
  /// only once a waiter is parked.
  @_spi(Benchmarking) public var suspendedWaitCount: Int {
    storage.state.withLock { $0.waiterCount }
  }

  // MARK: Internal

  /// Appends `call` without waking anyone; returns whether ``wake(for:)`` must follow, once the
  /// caller's own lock is released.
  func appendReturningWake(_ call: Call) -> Bool {
    storage.state.withLock { $0.append(call, stamp: timeline?.nextStamp()) }
  }

  /// Resumes the waiters `call` satisfies.
  func wake(for call: Call) {
    let (released, predicates) = storage.state.withLock { $0.wake() }
    for waiter in released { waiter.resume(returning: .reached) }
    for (id, predicate) in predicates where predicate(call) {
      storage.state.withLock { $0.release(id, reached: true) }?.resume(returning: .reached)
    }
  }

  /// The number of recorded calls, without marking anything as asserted.
  var countWithoutAsserting: Int { storage.state.withLock { $0.calls.count } }

  /// The calls no assertion read, for strict end-of-test checks, with where the recorder was
  /// created; `nil` when none or not exhaustive.
  func unassertedSummary() -> NapkinIssue? {
    guard exhaustive else { return nil }
    let unasserted = Self.typed(storage.state.withLock { Array($0.unasserted) })
    guard !unasserted.isEmpty else { return nil }
    return NapkinIssue(
      "Strict checks: \(label) recorded \(unasserted.count) call\(unasserted.count == 1 ? "" : "s") "
        + "no assertion read: \(Listing.items(unasserted)).", at: creationSite,
      createdObject: label)
  }

  /// The recorded calls as `Call`s; the log holds only calls this recorder appended.
  static func typed(_ calls: some Collection<any Sendable>) -> [Call] {
    calls.compactMap { $0 as? Call }
  }

  /// A condition met by the first recorded call matching `predicate`.
  static func matching(_ predicate: @escaping @Sendable (Call) -> Bool) -> CallLog.Condition {
    .match { call in (call as? Call).map(predicate) ?? false }
  }

  /// Describes `calls` for a message: the count and the calls, long lists shortened.
  static func describe(_ calls: [Call]) -> String {
    if calls.isEmpty { return "no calls recorded" }
    return "\(calls.count) recorded: [\(Listing.items(calls))]"
  }

  /// Suspends until `condition` holds (`true`), the timeout passes or the task is cancelled
  /// (`false`); reports misuse and timeouts at `site`.
  func wait(
    for condition: CallLog.Condition, describedAs awaited: String,
    timeout: Duration, at site: CallSite
  ) async -> Bool {
    owner.flush()
    guard timeout >= .zero else {
      owner.report(
        "Waiting for \(awaited) on \(label): the timeout \(timeout) must not be negative.",
        at: site)
      return false
    }
    switch await suspend(until: condition, timeout: timeout) {
    case .reached:
      return true
    case .cancelled:
      return false
    case .timedOut:
      let recorded = storage.state.withLock { $0.calls }
      owner.report(
        "Timed out after \(timeout) waiting for \(awaited) on \(label); "
          + "\(Self.describe(Self.typed(recorded))).", at: site)
      return false
    }
  }

  /// Suspends until `condition` holds (`true`), or the timeout passes or
  /// the task is cancelled (`false`), reporting nothing: the caller explains a timeout itself.
  func suspendQuietly(
    until condition: CallLog.Condition, timeout: Duration
  ) async -> Bool {
    if case .reached = await suspend(until: condition, timeout: timeout) { return true }
    return false
  }

  // MARK: Private

  private func suspend(
    until condition: CallLog.Condition, timeout: Duration
  ) async -> Suspension.Outcome {
    let id = storage.state.withLock { $0.makeID() }
    return await Suspension.wait(timeout: timeout) { continuation in
      let (reached, backlog) = storage.state.withLock {
        $0.register(condition, continuation: continuation, id: id)
      }
      if reached { return false }
      // A call recorded before the wait matches: the wait ends at once, unless a new call's
      // wake took the waiter first (then it resumed it already).
      guard case .match(let predicate) = condition, backlog.contains(where: predicate) else {
        return true
      }
      return storage.state.withLock { $0.release(id, reached: true) } == nil
    } cancel: { [weak self] in
      self?.storage.state.withLock { $0.release(id, reached: false) }
    }
  }

}

extension CallRecorder where Call: Equatable {
  /// The number of recorded calls equal to `call`.
  public func count(of call: Call) -> Int {
    all.count { $0 == call }
  }

  /// Whether `call` was recorded.
  public func contains(_ call: Call) -> Bool {
    all.contains(call)
  }

  /// The number of recorded calls, without marking anything as asserted.
  var countNotAsserting: Int {
    storage.state.withLock { $0.calls.count }
  }

  /// The number of recorded calls equal to `call`, without marking anything as asserted.
  func countWithoutAsserting(of call: Call) -> Int {
    storage.state.withLock { $0.calls }.count { ($0 as? Call) == call }
  }

  /// Suspends until `call` is recorded; returns whether it was.
  ///
  /// Calls recorded before the wait count too. On timeout, reports a failure at the caller's line
  /// naming `call` and listing the calls recorded so far, and returns `false`.
  ///
  /// - Parameters:
  ///   - call: The awaited call.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitForCall(
    _ call: Call, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await wait(
      for: Self.matching { $0 == call }, describedAs: "\(call)", timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
