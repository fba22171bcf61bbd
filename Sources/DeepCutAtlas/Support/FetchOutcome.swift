/// How a fetch ended, as the library view models tell it apart: a value, a cancellation (which
/// is never a failure), or a failure with its message for the screen.
enum FetchOutcome<Value> {
  case fetched(Value)
  case cancelled
  case failed(message: String)

  /// Runs `fetch`; a response that arrives after its task was cancelled counts as cancelled.
  static func of(_ fetch: () async throws -> Value) async -> FetchOutcome {
    do {
      let value = try await fetch()
      try Task.checkCancellation()
      return .fetched(value)
    } catch is CancellationError {
      return .cancelled
    } catch {
      return .failed(message: FailureMessage.text(for: error))
    }
  }
}
