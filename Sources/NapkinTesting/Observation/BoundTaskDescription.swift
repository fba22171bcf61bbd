/// A bound task that has not finished: where it was registered and what it is parked on.
///
/// Package-only: the test toolkit uses it to name busy work in a diagnostic.
package struct BoundTaskDescription: Sendable, Equatable {
  /// The `#fileID` of the `task {}` or `register` call that started the task.
  package let fileID: String
  /// The line of that call.
  package let line: UInt
  /// What the task waits on while parked where only a test can resume it; `nil` while busy.
  package let parkedOn: String?
  /// What the task's parked structured children (`async let`, task groups) wait on.
  package let childrenParkedOn: [String]
  /// Whether the task is parked, or awaits only parked children with nothing of its tree able to
  /// run.
  package let isSettled: Bool
}
