import NapkinMutex

/// Holds the calls a recording mock (a listener, a router) records with `recordCall`, until the
/// test or the explorer releases them: the hold behind ``CallRecorder/hold(timeout:fileID:filePath:line:column:)``.
///
/// Not generic, so a mock that holds nothing pays one lock and a branch per call.
///
/// Isolation: `Sendable`; its state sits behind one `Mutex`, and no continuation is resumed and
/// no predicate runs while the lock is held.
final class CallHolder: Sendable {
  private let label: String
  private let owner: IssueOwner
  private let state = Mutex(CallHolderState())

  init(label: String, owner: IssueOwner) {
    self.label = label
    self.owner = owner
  }

  // MARK: Holding

  /// Holds every later call `matches` accepts (every call if `nil`) for at most `timeout`.
  func start(
    timeout: Duration?, matches: (@Sendable (Any) -> Bool)?, at site: CallSite, in call: String
  ) {
    if let timeout, timeout < .zero {
      owner.report(
        "\(call): the timeout \(timeout) must not be negative; no call is held.", at: site)
      return
    }
    state.withLock { $0.start(.init(timeout: timeout, site: site, matches: matches)) }
    // The test's end-of-test checks fail it for calls it leaves held.
    TestScope.owning?.registerEndCheck(for: self) { [weak self] in self?.callsStillHeld() ?? [] }
  }

  /// Waits while `call` is held, if a hold applies to it. Every `recordCall` ends here.
  func holdIfAsked(_ call: Any, name: @autoclosure () -> String) async {
    guard let hold = state.withLock({ $0.hold }) else { return }
    if let matches = hold.matches, !matches(call) { return }
    let name = name()
    let id = state.withLock { $0.makeID() }
    var timer: TimeoutTimer?
    // Stopped by the resumed call itself, so a release pays only for the resume.
    defer { timer?.cancel() }
    let end = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<CallHolderState.End, Never>) in
        guard
          let (hold, satisfied) = state.withLock({
            $0.park(
              id, name: name, under: hold, reason: "a held call of \(name) on \(label)",
              continuation: continuation)
          })
        else {
          continuation.resume(returning: .released)
          return
        }
        for waiter in satisfied { waiter.continuation.resume(returning: true) }
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
      owner.report(
        "A held call \(name) of \(label) was neither released nor cancelled within \(timeout); "
          + "it was released so the test can end. Call release() once the test has checked the "
          + "in-flight state.", at: hold.site)
    }
  }

  /// Resumes every held call and stops holding; reports a misuse if none is held.
  func releaseAll(at site: CallSite) {
    let (wasHolding, released) = state.withLock { ($0.hold != nil, $0.releaseAll()) }
    if released.isEmpty {
      owner.report(
        "release(): no call of \(label) is held right now"
          + (wasHolding
            ? " (it was set to hold, and no call arrived yet)." : "; call hold() first."),
        at: site)
    }
    for call in released { call.resume(.released) }
  }

  /// Resumes the held call numbered `ordinal`, or reports that it is not held.
  func release(ordinal: Int, at site: CallSite) {
    let (call, held) = state.withLock { ($0.unpark(ordinal: ordinal), $0.held) }
    if let call {
      call.resume(.released)
      return
    }
    let now =
      held.isEmpty
      ? "no call of \(label) is held right now"
      : "the calls held right now are " + Listing.items(held.map { "\($0.name)#\($0.ordinal)" })
    owner.report(
      "release(call: \(ordinal)): call #\(ordinal) of \(label) is not held (\(now)); calls are "
        + "numbered from 1, in the order they were held, across all its methods.", at: site)
  }

  /// Suspends until `count` calls have been held in total; reports and returns `false` on
  /// timeout. `recorded` counts the mock's calls, for the failure's explanation.
  func awaitHeld(
    count: Int, timeout: Duration, recorded: @escaping @Sendable () -> Int, at site: CallSite
  ) async -> Bool {
    guard count >= 1 else {
      owner.report("waitUntilHeld(count: \(count)): count must be at least 1.", at: site)
      return false
    }
    guard timeout >= .zero else {
      owner.report("waitUntilHeld(): the timeout \(timeout) must not be negative.", at: site)
      return false
    }
    owner.flush()
    let id = state.withLock { $0.makeID() }
    var timer: TimeoutTimer?
    defer { timer?.cancel() }
    let reached = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let waiting = state.withLock {
          $0.addWaiter(.init(id: id, count: count, continuation: continuation))
        }
        guard waiting else {
          continuation.resume(returning: true)
          return
        }
        timer = TimeoutTimer(after: timeout) { [weak self] in
          self?.state.withLock { $0.removeWaiter(id) }?.continuation.resume(returning: false)
        }
      }
    } onCancel: {
      state.withLock { $0.removeWaiter(id) }?.continuation.resume(returning: false)
    }
    if !reached { reportNotHeld(count: count, timeout: timeout, recorded: recorded(), at: site) }
    return reached
  }

  // MARK: Exploring

  /// Holds every later call with no timer: for an exploration, which answers every call it holds.
  func startForExploration() {
    start(
      timeout: nil, matches: nil, at: CallSite(fileID: "", filePathString: "", line: 0, column: 0),
      in: "answers")
  }

  /// Every call parked right now, oldest first, with its case name.
  func exploredHeldCalls() -> [(method: String, call: HeldCall)] {
    state.withLock { $0.held }.map { ($0.name, $0.listed) }
  }

  /// Resumes the held call `id`; `false` if it is gone.
  @discardableResult
  func answer(_ id: UInt64) -> Bool {
    guard let call = state.withLock({ $0.unpark(id) }) else { return false }
    call.resume(.released)
    return true
  }

  // MARK: Private

  /// One issue for the calls still held, at the line that asked for the hold.
  private func callsStillHeld() -> [NapkinIssue] {
    let (held, hold) = state.withLock { ($0.held, $0.hold) }
    guard !held.isEmpty, let site = hold?.site else { return [] }
    var callers: [String] = []
    for name in held.compactMap(\.callerName) where !callers.contains(name) { callers.append(name) }
    let calls = Listing.items(held.map { "\($0.name)#\($0.ordinal)" })
    let madeBy = callers.isEmpty ? "" : " (made by \(Listing.items(callers)))"
    return [
      NapkinIssue(
        "\(held.count == 1 ? "A call" : "\(held.count) calls") of \(label) (\(calls)) "
          + "\(held.count == 1 ? "was" : "were") still held when the test ended\(madeBy), so the "
          + "test never checked what happens once \(held.count == 1 ? "it returns" : "they return")."
          + " Call release() before the test ends; in an exploration, make its caller an action, "
          + "or a bound task of an interactor activated in the scenario or watched, so the "
          + "explorer answers it.", at: site)
    ]
  }

  /// Explains a `waitUntilHeld` that timed out: what did happen to the mock's calls.
  private func reportNotHeld(count: Int, timeout: Duration, recorded: Int, at site: CallSite) {
    let (total, isHolding) = state.withLock { ($0.total, $0.hold != nil) }
    let awaited = "\(count) held call\(count == 1 ? "" : "s") of \(label)"
    var message = "Timed out after \(timeout) waiting for \(awaited); \(total) held so far."
    if !isHolding {
      message += " \(label) is not holding calls; call hold() before the code under test calls it."
    } else if recorded > total {
      let unheld = recorded - total
      message +=
        " \(unheld) call\(unheld == 1 ? "" : "s") ran without being held: made before hold(), "
        + "by a synchronous method (record cannot hold; use recordCall in an async method), or "
        + "not matched by the hold's predicate."
    } else {
      message += " No call arrived."
    }
    owner.report(message, at: site)
  }
}
