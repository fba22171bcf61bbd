/// One thing that happened in a test, as a toolkit object recorded it on the test's ``Timeline``.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// let event = Timeline.current?.events.last
/// print(event?.source, event?.description)  // MockAuthService login
/// ```
public struct TimelineEvent: Sendable, CustomStringConvertible {
  /// The position of the event in its test's timeline, from 1.
  public let index: Int
  /// The label of the object that recorded it, such as `MockAuthService`.
  public let source: String
  /// What was recorded: the call, the value sent, or what happened.
  public let value: any Sendable
  /// The identity of the recorder that recorded it, so a step can match its own calls only.
  let recorder: ObjectIdentifier?
  /// Whether the recorder's `reset()` discarded the call after it was recorded.
  ///
  /// The timeline keeps such a call, so the transcript tells the whole story, but order
  /// assertions skip it: after a reset, only later calls count.
  public let isDiscarded: Bool

  /// The source and the value, such as `MockAuthService login`.
  public var description: String { "\(source) \(value)" }
}
