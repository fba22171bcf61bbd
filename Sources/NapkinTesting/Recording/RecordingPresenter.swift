/// A base for mock presenters: a `Presentable` that records what its interactor asked of it.
///
/// Subclass it, conform to the feature's presentable protocol, and record each method in one
/// line.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor. `init()` is `nonisolated`.
///
/// In a default-MainActor target, declare the call enum and every type in its cases
/// `nonisolated`: otherwise comparing calls cannot use their main-actor `Equatable` conformance
/// (for a payload type from another module the error has no source location).
///
/// ```swift
/// nonisolated enum HomePresenterCall: Equatable, Sendable { case presentUser(User) }
///
/// final class MockHomePresenter: RecordingPresenter<HomePresenterCall>, HomePresentable {
///   func presentUser(_ user: User) { record(.presentUser(user)) }
/// }
/// ```
@MainActor
open class RecordingPresenter<Call: Sendable>: Presentable {
  /// Every call recorded with ``record(_:)``, in order.
  public nonisolated let calls: CallRecorder<Call>

  /// Creates a presenter with an empty recorder.
  ///
  /// The `fileID`, `filePath`, `line` and `column` default to where the mock is created: strict
  /// end-of-test checks report its unasserted calls there.
  public nonisolated init(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    calls = CallRecorder(
      "\(Self.self)", fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Records a presenter call.
  public final func record(_ call: Call) {
    calls.record(call)
  }
}
