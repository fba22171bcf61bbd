/// How the explorer ends a ``MockThrowingStream``: each ending listed is one more choice it tries
/// at every point once the stream has a subscriber.
///
/// In an order string an ending follows the stream's name: `quotes∎` (finished), `quotes✗`
/// (failed with the error), `quotes⊘` (cancelled).
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// scenario.ends(quotes.feed, with: [.finished, .failure(QuoteError.disconnected), .cancellation])
/// ```
public enum ExploredEnding: Sendable {
  /// The stream finishes: `for try await` loops end normally.
  case finished
  /// The stream throws `error`.
  case failure(any Error)
  /// The stream throws `CancellationError`.
  case cancellation

  /// The mark that follows the stream's name in an order string.
  var mark: String {
    switch self {
    case .finished: "∎"
    case .failure: "✗"
    case .cancellation: "⊘"
    }
  }

  /// How a run's timeline says the ending: "finished", "a failure: QuoteError.disconnected".
  var story: String {
    switch self {
    case .finished: "finished"
    case .failure(let error): "a failure: \(error)"
    case .cancellation: "cancellation"
    }
  }
}
