import NapkinMutex
import napkin

/// A clock that moves only when the test advances it, so code that sleeps, polls, debounces,
/// retries with backoff or times out runs at zero wall time.
///
/// Inject it where the code under test takes an `any Clock<Duration>`. A task that sleeps on it
/// registers synchronously, before it suspends: ``waitForSleepers(count:timeout:fileID:filePath:line:column:)``
/// resumes the test the moment the awaited sleepers are registered, with no yields and no
/// polling. ``advance(by:timeout:fileID:filePath:line:column:)`` resumes the sleepers that are
/// due in deadline order (ties in the order they started sleeping), moving the time to each
/// deadline in turn, and, for a sleeper that is a task bound to an interactor, waits until that
/// interactor's bound work has settled again (finished, or parked on this clock, a held mock call
/// or a ``MockStream``) before it resumes the next one. So the test can assert right after
/// `await clock.advance(by:)`.
///
/// A bound task sleeping on the clock counts as parked for ``settle(_:timeout:fileID:filePath:line:column:)-(Interactable,_,_,_,_,_)``.
/// A cancelled sleeper throws `CancellationError` and is removed at once. Sleeps and advances
/// appear on the test's ``Timeline``.
///
/// A sleeper that is not a bound task (a plain `Task` of the test) is resumed in order, but the
/// clock cannot know when its work is done: await what it produces, such as a recorder's call.
///
/// Isolation: `Sendable`; its state sits behind one `Mutex`, and no lock is held while a task
/// resumes. Two tasks advancing at once take turns.
///
/// ```swift
/// let clock = MockClock("PitClock")
/// let ticker = PitTicker(clock: clock, interval: .seconds(60))
/// // ... start the code that sleeps on the clock ...
/// await clock.waitForSleepers(count: 1)
/// await clock.advance(by: .seconds(60))
/// #expect(ticker.tickCount == 1)
/// ```
public final class MockClock: Clock, Sendable {
  /// The clock measures time as `Swift.Duration`.
  public typealias Duration = Swift.Duration

  /// The name used in failure messages and on the timeline.
  public let label: String

  let state = Mutex(MockClockState())
  let owner: IssueOwner
  /// Where the clock was created, where a report about a sleeper left over points.
  private let site: CallSite
  /// The timeline of the test the clock was created in, which records its sleeps and advances.
  /// The exploration run the clock was made in, if any: its sleeps are that run's, whichever task
  /// sleeps.
  private let createdIn: RunWatch?
  private let timeline: Timeline?

  /// The most wake-ups ``run(timeout:fileID:filePath:line:column:)`` performs before it reports
  /// that sleepers keep coming back.
  static let runLimit = 10_000

  /// Creates a clock at time zero.
  ///
  /// - Parameters:
  ///   - label: The name used in failure messages and on the timeline.
  ///   - fileID: Where the clock is created; keep the default.
  ///   - filePath: Where the clock is created; keep the default.
  ///   - line: Where the clock is created; keep the default.
  ///   - column: Where the clock is created; keep the default.
  public init(
    _ label: String = "MockClock", fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.label = label
    site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    owner = IssueOwner(createdAt: site)
    timeline = Timeline.current
    createdIn = RunWatch.current
  }

  /// The current time: the clock's start plus every advance so far.
  public var now: Instant {
    Instant(offset: state.withLock { $0.now })
  }

  /// The smallest step the clock can take: any nonzero duration.
  public var minimumResolution: Duration { .zero }

  /// Whether the sleep numbered `id` still waits for its deadline.
  func isSleeping(_ id: UInt64) -> Bool {
    state.withLock { $0.sleepers.contains { $0.id == id } }
  }

  /// The number of tasks sleeping on the clock right now.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// The earliest deadline of a sleeping task, if any sleeps.
  public var nextDeadline: Instant? {
    state.withLock { $0.nextDeadline }.map(Instant.init(offset:))
  }

  /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if the task
  /// is cancelled first.
  ///
  /// Returns at once when `deadline` has passed. The sleeper is registered before the task
  /// suspends, so a test awaiting it with ``waitForSleepers(count:timeout:fileID:filePath:line:column:)``
  /// resumes as soon as it sleeps.
  ///
  /// - Parameters:
  ///   - deadline: When to wake up.
  ///   - tolerance: Ignored: the clock wakes each sleeper exactly at its deadline.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { $0.makeID() }
    // The test whose task sleeps checks, when it ends, that nothing it left sleeps here.
    let scope = TestScope.owning
    scope?.registerEndCheck(for: self) { [weak self, weak scope] _ in
      guard let self, let scope else { return [] }
      return self.sleepersLeftOver(in: scope)
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Start {
          case due
          case cancelled
          case sleeping([MockClockState.CountWaiter], parked: ParkedBoundTask?)
        }
        let start = state.withLock { state -> Start in
          if deadline.offset <= state.now { return .due }
          if Task.isCancelled { return .cancelled }
          let parked = ParkedBoundTask.parkCurrent(
            on: "a sleep on \(label) until \(deadline)")
          var sleeper = MockClockState.Sleeper(
            id: id, deadline: deadline.offset, continuation: continuation, parked: parked)
          sleeper.isBound = parked != nil || ParkedBoundTask.isInsideBoundTask
          sleeper.scope = scope
          return .sleeping(state.add(sleeper), parked: parked)
        }
        switch start {
        case .due:
          continuation.resume()
        case .cancelled:
          continuation.resume(throwing: CancellationError())
        case .sleeping(let waiters, let parked):
          // Named outside the clock's lock: the name is read under the lifecycle's.
          // A task that inherits nothing of the run (a detached one) sleeps on a clock made in it.
          if let watch = RunWatch.current ?? createdIn {
            watch.slept(
              self, id, deadline.offset, parked?.callerName ?? ParkedBoundTask.unseenCaller)
          }
          timeline?.append(ClockEvent.sleep(until: deadline), from: label)
          for waiter in waiters { waiter.continuation.resume(returning: .reached) }
        }
      }
    } onCancel: {
      state.withLock { $0.removeSleeper(id, deadline: deadline.offset) }?.resume(cancelled: true)
    }
  }

  /// Moves the time forward by `duration`, resuming every sleeper due by then in deadline order;
  /// returns once the work they resumed has settled.
  ///
  /// For each sleeper that is a task bound to an interactor, waits until that interactor's bound
  /// work is idle again (finished, or parked on this clock, a held call or a ``MockStream``)
  /// before moving on, so work that sleeps again within `duration` wakes within this advance too.
  /// A negative `duration` is reported as a misuse and moves nothing.
  ///
  /// - Parameters:
  ///   - duration: How far to move; not negative.
  ///   - timeout: How long the resumed work of one sleeper may take to settle, in real time,
  ///     before a failure is reported; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  public func advance(
    by duration: Duration, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard duration >= .zero else {
      owner.report(
        "advance(by: \(duration)) on \(label): the duration must not be negative; the clock "
          + "stays at \(now).", at: site)
      return
    }
    guard !rejectsNegative(timeout, in: "advance(by: \(duration), timeout:)", at: site) else {
      return
    }
    await takeTurn()
    defer { endTurn() }
    let target = Instant(offset: state.withLock { $0.now }).advanced(by: duration)
    await move(to: target.offset, call: "advance(by: \(duration))", timeout: timeout, at: site)
  }

  /// Moves the time forward to `deadline`, resuming every sleeper due by then in deadline order;
  /// returns once the work they resumed has settled.
  ///
  /// See ``advance(by:timeout:fileID:filePath:line:column:)``. A `deadline` before ``now`` is
  /// reported as a misuse and moves nothing; ``now`` itself resumes the sleepers due now.
  ///
  /// - Parameters:
  ///   - deadline: The time to move to; not before ``now``.
  ///   - timeout: How long the resumed work of one sleeper may take to settle, in real time,
  ///     before a failure is reported; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  public func advance(
    to deadline: Instant, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !rejectsNegative(timeout, in: "advance(to: \(deadline), timeout:)", at: site) else {
      return
    }
    await takeTurn()
    defer { endTurn() }
    let now = state.withLock { $0.now }
    guard deadline.offset >= now else {
      owner.report(
        "advance(to: \(deadline)) on \(label): the clock is already at \(Instant(offset: now)) "
          + "and never moves back; nothing was advanced.", at: site)
      return
    }
    await move(to: deadline.offset, call: "advance(to: \(deadline))", timeout: timeout, at: site)
  }

  /// Advances to each next deadline until no task sleeps on the clock; returns once the work
  /// they resumed has settled.
  ///
  /// Code that sleeps in a loop forever (a periodic timer) never lets it finish: after 10,000
  /// wake-ups it reports a failure and returns. Use ``advance(by:timeout:fileID:filePath:line:column:)``
  /// for such code.
  ///
  /// - Parameters:
  ///   - timeout: How long the resumed work of one sleeper may take to settle, in real time,
  ///     before a failure is reported; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  public func run(
    timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !rejectsNegative(timeout, in: "run(timeout:)", at: site) else { return }
    await takeTurn()
    defer { endTurn() }
    for _ in 0..<Self.runLimit {
      guard let next = state.withLock({ $0.nextDeadline }) else { return }
      guard await move(to: next, call: "run()", timeout: timeout, at: site) else { return }
    }
    let (count, now) = state.withLock { ($0.sleepers.count, $0.now) }
    guard count > 0 else { return }
    owner.report(
      "run() on \(label) stopped after \(Self.runLimit) wake-ups at \(Instant(offset: now)): "
        + "\(count) task\(count == 1 ? " sleeps" : "s sleep") again each time (a periodic "
        + "timer?). Advance such code with advance(by:) instead.", at: site)
  }

  /// Suspends until at least `count` tasks sleep on the clock; returns whether they do.
  ///
  /// Resumed by the sleep that reaches `count`, with no polling. Returns `true` at once when
  /// enough tasks sleep already. On timeout, reports a failure at the caller's line saying how
  /// many sleep and until when, and returns `false`; a cancelled wait returns `false` quietly.
  ///
  /// - Parameters:
  ///   - count: The number of sleepers to wait for; at least 1.
  ///   - timeout: How long to wait, in real time, before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitForSleepers(
    count: Int = 1, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    owner.flush()
    guard count >= 1, timeout >= .zero else {
      owner.report(
        "waitForSleepers(count: \(count), timeout: \(timeout)) on \(label): count must be at "
          + "least 1 and the timeout not negative.", at: site)
      return false
    }
    switch await suspend(untilSleepers: count, timeout: timeout) {
    case .reached:
      return true
    case .cancelled:
      return false
    case .timedOut:
      let (sleepers, now) = state.withLock { ($0.deadlines, $0.now) }
      let deadlines = Listing.items(sleepers.map { Instant(offset: $0) })
      owner.report(
        "waitForSleepers(count: \(count)) on \(label) timed out after \(timeout): "
          + (sleepers.isEmpty
            ? "no task sleeps on it"
            : "\(sleepers.count) sleeper\(sleepers.count == 1 ? " waits" : "s wait") "
              + "(until \(deadlines))")
          + "; the clock is at \(Instant(offset: now)).", at: site)
      return false
    }
  }

  // MARK: Private

  private func suspend(untilSleepers count: Int, timeout: Duration) async -> Suspension.Outcome {
    let id = state.withLock { $0.makeID() }
    return await Suspension.wait(timeout: timeout) { continuation in
      state.withLock { $0.addWaiter(.init(id: id, count: count, continuation: continuation)) }
    } cancel: { [weak self] in
      self?.state.withLock { $0.removeWaiter(id) }?.continuation
    }
  }

  /// Resumes the sleepers due by `target` one by one, settling each one's bound work, then sets
  /// the time to `target`. Returns `false` if resumed work did not settle (reported).
  /// Whether `timeout` is negative; if so, reports the misuse of `call`, which moves nothing.
  private func rejectsNegative(_ timeout: Duration, in call: String, at site: CallSite) -> Bool {
    TimeoutMisuse.isNegative(
      timeout, in: "\(call) on \(label)", consequence: "the clock stays at \(now)",
      report: { owner.report($0, at: site) })
  }

  @discardableResult
  private func move(
    to target: Duration, call: String, timeout: Duration, at site: CallSite
  ) async -> Bool {
    reportIfDrivenFromTwoTests(call: call, at: site)
    timeline?.append(ClockEvent.advance(to: Instant(offset: target)), from: label)
    while let sleeper = state.withLock({ $0.takeNextDue(upTo: target) }) {
      let lifecycle = sleeper.parked?.lifecycle
      sleeper.resume()
      guard let lifecycle else { continue }
      let limit = ContinuousClock.now.advanced(by: min(max(timeout, .zero), TimeoutTimer.longest))
      guard await lifecycle.waitUntilIdle(until: limit) else {
        let busy = lifecycle.boundTaskDescriptions.filter { !$0.isSettled }
        owner.report(
          "\(call) on \(label): the work resumed at \(Instant(offset: sleeper.deadline)) did not "
            + "settle within \(timeout); \(busy.count) bound task\(busy.count == 1 ? " is" : "s are") "
            + "still busy: \(Listing.items(busy.map { "task {} at \($0.fileID):\($0.line)" })).",
          at: site)
        return false
      }
    }
    state.withLock { $0.move(to: target) }
    return true
  }

  private func takeTurn() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      if state.withLock({ $0.takeTurn(continuation) }) { continuation.resume() }
    }
  }

  private func endTurn() {
    state.withLock { $0.endTurn() }?.resume()
  }

  // MARK: Misuse across tests

  /// The sleepers left when a checked test ends that no interactor binds: a plain `Task {}` that
  /// outlives its test asleep on this clock, which nothing will ever advance.
  private func sleepersLeftOver(in scope: TestScope) -> [NapkinIssue] {
    let now = now
    let left = state.withLock { state in
      state.sleepers.reversed().filter { !$0.isBound && $0.scope === scope }
    }
    return left.map { sleeper in
      NapkinIssue(
        "A task that no interactor binds still sleeps on \(label) at the end of the test: its "
          + "sleep started at \(Instant(offset: sleeper.startedAt)) and is due at "
          + "\(Instant(offset: sleeper.deadline)) (the clock is at \(now)). It outlives the test "
          + "and can never wake: advance the clock past its deadline, cancel the task, or start "
          + "the work with task {} in an interactor.", at: site)
    }
  }

  /// Reports, once per test, a clock advanced from one checked test while a task of another
  /// checked test, still running, sleeps on it: each moves time under the other.
  private func reportIfDrivenFromTwoTests(call: String, at site: CallSite) {
    guard let driver = TestScope.owning else { return }
    let others = state.withLock { state in
      state.sleepers.compactMap { sleeper -> TestScope? in
        guard let scope = sleeper.scope, scope !== driver, !scope.isClosed else { return nil }
        return scope
      }
    }
    guard let other = others.first else { return }
    guard driver.noteSharedClock(ObjectIdentifier(self)) else { return }
    owner.report(
      "\(call) on \(label): the clock is driven from two tests at once. \(driver.name) "
        + "advances it while a task of \(other.name) sleeps on it, so each test moves time "
        + "under the other. Give each test its own MockClock (a static clock is shared by every "
        + "test that runs in parallel).", at: site)
  }
}
