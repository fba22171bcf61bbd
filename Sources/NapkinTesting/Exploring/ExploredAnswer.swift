/// How an explored call of a mock service answers: each answer listed for a method is one more
/// choice the explorer tries for every call of it.
///
/// In an order string an answer follows the call's name: `login#1✓` (succeeded), `login#2✗`
/// (failed with the error), `login#1⊘` (cancelled).
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// scenario.answers(auth, .login, with: [.success, .failure(SimulatedError())])
/// ```
public enum ExploredAnswer: Sendable {
  /// The call goes on as the mock's settings say; with none set, it succeeds.
  case success
  /// The call throws `error`.
  case failure(any Error)
  /// The call throws `CancellationError`.
  case cancellation

  /// How a run's timeline says the answer: "success", "a failure: SimulatedError()",
  /// "cancellation".
  var story: String {
    switch self {
    case .success: "success"
    case .failure(let error): "a failure: \(error)"
    case .cancellation: "cancellation"
    }
  }

  /// The mark that follows the call's name in an order string.
  var mark: String {
    switch self {
    case .success: "✓"
    case .failure: "✗"
    case .cancellation: "⊘"
    }
  }

  /// The error the call throws, if any.
  var error: (any Error)? {
    switch self {
    case .success: nil
    case .failure(let error): error
    case .cancellation: CancellationError()
    }
  }
}
