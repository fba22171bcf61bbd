/// What an exploration run hears from the layers below it, which know nothing of the explorer:
/// the lifecycles its tasks activate and the sleeps they start on a mock clock.
///
/// Bound as a task-local for the whole run, so every task it starts inherits it; a clock made in
/// the run keeps it, so the sleep of a task that inherits nothing (a detached one) is heard too.
///
/// Isolation: `Sendable`; it holds `Sendable` closures.
final class RunWatch: Sendable {
  /// The run in progress on the current task and the tasks it started; `nil` outside a run.
  @TaskLocal static var current: RunWatch?

  /// Told of a lifecycle that starts activating.
  let activated: @Sendable (InteractorLifecycle) -> Void
  /// Told of a sleep that starts on a mock clock: the clock, the sleep's id, its deadline and who
  /// sleeps.
  let slept:
    @Sendable (_ clock: AnyObject, _ id: UInt64, _ deadline: Duration, _ sleeper: String) -> Void

  /// Told, before the call is recorded, of a call a double made in the run will hold, made by
  /// work settling cannot see: the call's name (`didFinish`), its number among the calls of that
  /// name, and who made it.
  let unseenCall: @Sendable (_ name: String, _ ordinal: Int, _ caller: String) -> Void

  init(
    activated: @escaping @Sendable (InteractorLifecycle) -> Void,
    slept: @escaping @Sendable (AnyObject, UInt64, Duration, String) -> Void,
    unseenCall: @escaping @Sendable (String, Int, String) -> Void = { _, _, _ in }
  ) {
    self.activated = activated
    self.slept = slept
    self.unseenCall = unseenCall
  }
}
