/// A base for mock listeners (and any other recording mock), callable from any actor.
///
/// A listener protocol is usually `Sendable` and called from an interactor's actor. Conform a
/// `final class` to the listener protocol and to `RecordingListener`, store a ``CallRecorder`` in
/// a `let`, and record each method in one line. The class has only `let` properties of
/// `Sendable` types, so it is `Sendable` without `@unchecked`.
///
/// Isolation: `Sendable`; ``record(_:)`` may be called from any isolation.
///
/// In a default-MainActor target, declare the call enum and every type in its cases
/// `nonisolated`: otherwise comparing calls cannot use their main-actor `Equatable` conformance
/// (for a payload type from another module the error has no source location).
///
/// ```swift
/// nonisolated enum LoggedOutListenerCall: Equatable, Sendable { case didTapLogin }
///
/// final class MockLoggedOutListener: LoggedOutNapkinListener, RecordingListener {
///   let calls = CallRecorder<LoggedOutListenerCall>()
///   func loggedOutDidTapLogin() async { record(.didTapLogin) }
/// }
/// ```
public protocol RecordingListener: AnyObject, Sendable {
  /// The type of the recorded calls, usually an enum of the listener's methods.
  associatedtype Call: Sendable

  /// The recorder the calls go to.
  var calls: CallRecorder<Call> { get }
}

extension RecordingListener {
  /// Records a listener call.
  public func record(_ call: Call) {
    calls.record(call)
  }
}
