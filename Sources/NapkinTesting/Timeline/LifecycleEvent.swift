/// A lifecycle transition, as a test's timeline shows it: "LoginInteractor activated".
///
/// The interactor is named when the timeline is read, so a name NapkinTesting learns after the
/// transition (an action naming the interactor with `on:`) still shows.
///
/// Isolation: `Sendable` value.
struct LifecycleEvent: Sendable, CustomStringConvertible {
  /// Whether the lifecycle activated, or deactivated.
  let activated: Bool
  /// The lifecycle's record, which knows the interactor's name once NapkinTesting learns it.
  let record: ObservedLifecycle

  /// The interactor, as the timeline names the event's source.
  var source: String { record.interactorName ?? "an interactor" }

  var description: String { activated ? "activated" : "deactivated" }
}
