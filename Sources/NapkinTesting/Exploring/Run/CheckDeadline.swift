import NapkinMutex

/// Evaluates a scenario's invariant or expectation within the exploration's timeout, so a check
/// that never returns fails its run instead of hanging the test.
enum CheckDeadline {
  /// Whether `check` holds; `nil` if it did not return within `timeout` (its task is cancelled
  /// then, and left to end on its own).
  static func evaluate(_ check: Scenario.Check, within timeout: Duration) async -> Bool? {
    let waiter = Mutex<CheckedContinuation<Bool?, Never>?>(nil)
    let resume: @Sendable (Bool?) -> Void = { result in
      waiter.withLock { waiter in
        waiter?.resume(returning: result)
        waiter = nil
      }
    }
    var task: Task<Void, Never>?
    var timer: TimeoutTimer?
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Bool?, Never>) in
      waiter.withLock { $0 = continuation }
      let running = Task { resume(await check.holds()) }
      task = running
      timer = TimeoutTimer(after: timeout) {
        running.cancel()
        resume(nil)
      }
    }
    timer?.cancel()
    _ = task
    return result
  }

  /// Says that `check` (an invariant or an expectation) did not return within `timeout`.
  static func message(kind: String, _ check: Scenario.Check, timeout: Duration, after: String)
    -> String
  {
    "The \(kind) \"\(check.description)\" did not return within \(timeout) (explore's timeout), "
      + "\(after), so the run was stopped: a check should read state and answer, not wait for work "
      + "that may never come."
  }
}
