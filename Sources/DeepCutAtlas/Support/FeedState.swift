/// The state of a live feed a screen follows.
nonisolated public enum FeedState: Equatable, Sendable {
  /// Not following: never started, or the subscription was cancelled.
  case idle
  /// Subscribed, and no value arrived on this subscription yet.
  case connecting
  /// Values arrive; the latest one shows.
  case live
  /// The feed finished: the source has nothing more to send.
  case ended
  /// The feed failed; the associated value is the message to show.
  case failed(String)

  /// The failure message, if the state is ``failed(_:)``.
  public var failureMessage: String? {
    if case .failed(let message) = self { return message }
    return nil
  }
}
