/// Maps errors to the sentences the views show.
nonisolated public enum FailureMessage {
  /// The sentence shown for an error that has no message of its own.
  public static let generic = "Something went wrong. Try again."

  /// The user-facing sentence for `error`.
  ///
  /// A ``DisplayableError`` supplies its own; any other error gets ``generic``.
  public static func text(for error: any Error) -> String {
    (error as? any DisplayableError)?.displayMessage ?? generic
  }
}
