import NapkinMutex

/// Holds the calls of a mock until the test or the explorer releases them: the one hold behind
/// services (by method), recorders, listeners and routers (every call `recordCall` records).
///
/// A mock that holds nothing pays one atomic load per call. A held call parks its task (so
/// settling sees it waiting on the test), ends on release, on its task's cancellation, or when
/// its hold's timeout passes (then it reports that, on its own task). A call still held when the
/// test's checks end is reported there, and released, once, if its hold is the test's (with a
/// timeout); the explorer's keep it.
///
/// Isolation: `Sendable`; its state sits behind one `Mutex`, and no continuation is resumed and
/// no predicate runs while the lock is held.
final class Holder: Sendable {
  /// How messages name the holder's calls: a service's by method, a recorder's by its label.
  let names: HolderNames
  let owner: IssueOwner
  private let state: Mutex<HolderState>
  /// Whether any hold is in force: read without the lock on every call.
  private let holding = Atomic<Bool>(false)
  /// The exploration run the holder was made in, told of calls from work settling cannot see.
  private let run: RunWatch?

  init(names: HolderNames, owner: IssueOwner) {
    self.names = names
    self.owner = owner
    run = RunWatch.current
    state = Mutex(HolderState(countsPerMethod: names.isService))
  }

  // MARK: Holding

  /// Whether a hold is in force for a call of `key`: by method, or, when `sweeps`, every call.
  func holds(_ key: @autoclosure () -> MethodKey, sweeps: Bool) -> Bool {
    guard holding.load(ordering: .acquiring) else { return false }
    let key = key()
    return state.withLock { $0.holds[key] != nil || (sweeps && $0.holdsAll != nil) }
  }

  /// Holds every later call of `key` (every call `matches` accepts, for `nil`) for at most
  /// `timeout`; reports `misuse` instead if the timeout is negative.
  func start(
    _ key: MethodKey?, timeout: Duration?, matches: (@Sendable (Any) -> Bool)? = nil,
    at site: CallSite, misuse: @autoclosure () -> String
  ) {
    if let timeout, timeout < .zero { return owner.report(misuse(), at: site) }
    change { $0.start(.init(timeout: timeout, site: site, matches: matches), for: key) }
    // The test's end-of-test checks fail it for calls it leaves held, and release them.
    TestScope.owning?.registerEndCheck(for: self) { [weak self] _ in self?.endHolds() ?? [] }
  }

  /// Tells the run the holder was made in of the call of `key`, named `name`, before it is
  /// recorded, if a hold with no predicate applies to it and its task cannot be parked: work
  /// settling cannot see. So a run whose expectations saw the call recorded has heard of it, even
  /// if the call parks only after the run ended.
  func announceIfUnseen(_ key: MethodKey?, name: @autoclosure () -> String) {
    guard let run, holding.load(ordering: .acquiring), !ParkedBoundTask.canParkCurrent else {
      return
    }
    let ordinal = state.withLock { state -> Int? in
      guard let hold = state.hold(for: key), hold.matches == nil else { return nil }
      return state.heldTotal(of: names.isService ? key : nil) + 1
    }
    guard let ordinal else { return }
    run.unseenCall(name(), ordinal, ParkedBoundTask.unseenCaller)
  }

  /// Waits while the call `call` of `key`, named `name`, is held; `nil` at once if no hold
  /// applies to it. Every held call ends here. `parked` learns, outside the lock, which held call
  /// (from 0, across all) it became.
  func wait(
    _ key: MethodKey?, call: Any, name: @autoclosure () -> String,
    parked: ((Int) -> Void)? = nil
  ) async -> HolderState.End? {
    guard holding.load(ordering: .acquiring),
      let hold = state.withLock({ $0.hold(for: key) })
    else { return nil }
    if let matches = hold.matches, !matches(call) { return nil }
    let name = name()
    let id = state.withLock { $0.makeID() }
    var timer: TimeoutTimer?
    // Stopped by the resumed call itself, so a release pays only for the resume.
    defer { timer?.cancel() }
    let end = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<HolderState.End, Never>) in
        guard
          let (hold, satisfied, index) = state.withLock({
            $0.park(
              id, key: key, name: name, generation: hold.generation, continuation: continuation)
          })
        else {
          return continuation.resume(returning: Task.isCancelled ? .cancelled : .released(nil))
        }
        for waiter in satisfied { waiter.continuation.resume(returning: .reached) }
        parked?(index)
        // Started only once the call is parked, so a short timeout finds it.
        guard let timeout = hold.timeout else { return }
        timer = TimeoutTimer(after: timeout) { [weak self] in
          self?.state.withLock { $0.unpark(id) }?.resume(.expired(hold))
        }
      }
    } onCancel: {
      state.withLock { $0.unpark(id) }?.resume(.cancelled)
    }
    // Reported on the held call's own task, where the test's collector or framework takes it.
    if case .expired(let hold) = end, let timeout = hold.timeout {
      owner.report(names.expired(name, key: key, after: timeout), at: hold.site)
    }
    return end
  }

  /// Resumes every held call of `key` (every call, for `nil`) and stops holding it; reports a
  /// misuse if none is held. `recorded` counts the calls made, for the explanation.
  func release(_ key: MethodKey?, recorded: Int, at site: CallSite) {
    let (wasHolding, total, released) = change { state -> (Bool, Int, [HolderState.Held]) in
      (state.isHolding(key), state.heldTotal(of: key), state.release(key))
    }
    if released.isEmpty {
      owner.report(
        names.noneHeld(key, wasHolding: wasHolding, unheld: recorded - total), at: site)
    }
    for call in released { call.resume(.released(nil)) }
  }

  /// Resumes the held call of `key` numbered `ordinal`, or reports that it is not held.
  func release(ordinal: Int, of key: MethodKey?, at site: CallSite) {
    let (call, held) = state.withLock { ($0.unpark(ordinal: ordinal, of: key), $0.parked(of: key)) }
    guard let call else {
      return owner.report(names.notHeld(ordinal, of: key, held: held), at: site)
    }
    call.resume(.released(nil))
  }

  /// Resumes the held call `id`, throwing `error` if given; `false` if it is gone.
  @discardableResult
  func answer(_ id: UInt64, throwing error: (any Error)? = nil) -> Bool {
    guard let call = state.withLock({ $0.unpark(id) }) else { return false }
    call.resume(.released(error))
    return true
  }

  // MARK: Reading

  /// The calls of `key` (every call, for `nil`) parked right now, oldest first, with their names.
  func parked(of key: MethodKey?) -> [(method: String, call: HeldCall)] {
    state.withLock { $0.parked(of: key) }.map { ($0.name, $0.listed) }
  }

  /// How many calls of `key` (of all, for `nil`) have been held in total.
  func heldTotal(of key: MethodKey?) -> Int {
    state.withLock { $0.heldTotal(of: key) }
  }

  /// The methods of every call held so far, in order.
  var history: [MethodKey] { state.withLock { $0.history } }

  /// Suspends until `count` calls of `key` (of all, for `nil`) have been held in total; reports
  /// and returns `false` on timeout. `recorded` counts the calls made, for the explanation.
  func awaitHeld(
    _ key: MethodKey?, count: Int, timeout: Duration, recorded: @escaping @Sendable () -> Int,
    at site: CallSite
  ) async -> Bool {
    guard count >= 1, timeout >= .zero else {
      owner.report(names.badWait(key, count: count, timeout: timeout), at: site)
      return false
    }
    owner.flush()
    let id = state.withLock { $0.makeID() }
    let outcome = await Suspension.wait(timeout: timeout) { resume in
      state.withLock { $0.addWaiter(.init(id: id, key: key, count: count, continuation: resume)) }
    } cancel: { [weak self] in
      self?.state.withLock { $0.removeWaiter(id) }?.continuation
    }
    if outcome == .timedOut {
      let (total, isHolding) = state.withLock { ($0.heldTotal(of: key), $0.isHolding(key)) }
      owner.report(
        names.timedOut(
          key, count: count, timeout: timeout, held: total, isHolding: isHolding,
          recorded: recorded()), at: site)
    }
    return outcome == .reached
  }

  // MARK: Private

  /// Runs `body` on the state and keeps the lock-free `holding` flag in step with it.
  private func change<T>(_ body: (inout HolderState) -> T) -> T {
    state.withLock { state in
      defer { holding.store(state.isHolding, ordering: .releasing) }
      return body(&state)
    }
  }

  /// The end-of-test check: one issue per hold with calls still parked, at the line that asked for
  /// it; those calls are released, so nothing reports them again later.
  private func endHolds() -> [NapkinIssue] {
    let stillHeld = state.withLock { $0.held }
    var issues: [NapkinIssue] = []
    var keys: [MethodKey?] = []
    for call in stillHeld where !keys.contains(call.key) { keys.append(call.key) }
    for key in keys {
      let calls = stillHeld.filter { $0.key == key }
      guard let hold = state.withLock({ $0.hold(for: key) }) else { continue }
      issues.append(NapkinIssue(names.stillHeld(key, calls), at: hold.site))
    }
    for call in change({ $0.releaseAtEnd() }) { call.resume(.released(nil)) }
    return issues
  }
}
