/// An error that carries its own user-facing message.
///
/// ``FailureMessage/text(for:)`` shows ``displayMessage`` for these errors and a generic
/// sentence for any other error.
nonisolated public protocol DisplayableError: Error {
  /// A short sentence telling the user what went wrong.
  var displayMessage: String { get }
}
