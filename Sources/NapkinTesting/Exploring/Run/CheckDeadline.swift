/// Evaluates a scenario's invariant or expectation within the exploration's timeout, so a check
/// that never returns fails its run instead of hanging the test.
enum CheckDeadline {
  /// Whether `check` holds; `nil` if it did not return within `timeout` (its task is cancelled
  /// then, and left to end on its own).
  static func evaluate(_ check: Scenario.Check, within timeout: Duration) async -> Bool? {
    await Suspension.within(timeout) { await check.holds() }
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
