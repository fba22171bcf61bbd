/// Publishes the live pit board and last-call announcements.
///
/// Isolation: `Sendable`; both streams are synchronous properties, so an actor conformer
/// implements them `nonisolated` and a caller subscribes without hopping onto the service.
public protocol PitServicing: Sendable {
  /// A stream of the pit board: the current board first, then every update.
  ///
  /// Each access returns an independent stream; it unsubscribes when its consumer stops.
  var boardUpdates: AsyncStream<PitBoard> { get }

  /// A stream of last calls announced after the subscription; earlier ones are not replayed.
  ///
  /// Each access returns an independent stream; it unsubscribes when its consumer stops.
  var lastCalls: AsyncStream<LastCall> { get }
}
