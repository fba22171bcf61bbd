/// The loading state of a screen's content.
nonisolated public enum LoadState: Equatable, Sendable {
  /// Nothing was requested yet, or the last request was cancelled before any content arrived.
  case idle
  /// The first request is in flight and there is no content to show.
  case loading
  /// Content is showing; later failures are reported without leaving this state.
  case loaded
  /// The first request failed; the associated value is the message to show.
  case failed(String)

  /// The failure message, if the state is ``failed(_:)``.
  public var failureMessage: String? {
    if case .failed(let message) = self { return message }
    return nil
  }
}
