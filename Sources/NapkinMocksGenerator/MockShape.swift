/// What kind of NapkinTesting mock a protocol gets.
///
/// Isolation: a `Sendable` value.
public enum MockShape: String, Sendable, Equatable {
  /// Refines `Routing`, `ViewableRouting` or `LaunchRouting`: a `BaseMockRouter` subclass.
  case router
  /// Refines `Presentable`: a `RecordingPresenter` subclass.
  case presenter
  /// Class-bound, with only async methods that neither throw nor return: a `RecordingListener`.
  case listener
  /// Anything else with methods or stream properties: a `MockService`.
  case service
  /// Only properties and no stream, such as a builder's dependency: a class (or actor) holding them, set
  /// through its initializer.
  case holder
}
