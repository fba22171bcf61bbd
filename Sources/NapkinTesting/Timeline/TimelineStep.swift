/// An event an order assertion looks for: a call one recorder received, matched by value or by a
/// predicate.
///
/// A found step counts as asserting every call its recorder had recorded, as `==` does. Make
/// one with ``CallRecorder/event(_:)`` or ``CallRecorder/event(where:_:)`` and pass
/// several to ``expectInOrder(_:fileID:filePath:line:column:)``.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// expectInOrder(auth.calls.event(.login), router.calls.event(.attachLoggedIn(ada)))
/// ```
public struct TimelineStep: Sendable, CustomStringConvertible {
  let recorder: ObjectIdentifier
  let source: String
  let matches: @Sendable (any Sendable) -> Bool
  /// Marks the recorder's calls as read by an assertion, as strict checks require.
  let markAsserted: @Sendable () -> Void
  /// What the step looks for, such as `MockAuthService login`.
  public let description: String
}
