/// A short, non-blocking message shown over content that stays visible.
nonisolated public struct Toast: Equatable, Sendable {
  /// Whether a toast reports a success or a failure.
  nonisolated public enum Style: Equatable, Sendable {
    /// An action completed.
    case success
    /// An action or a background refresh failed; the content on screen is unchanged.
    case failure
  }

  /// The toast's style.
  public let style: Style
  /// The sentence the toast shows.
  public let message: String

  /// Creates a toast.
  public init(style: Style, message: String) {
    self.style = style
    self.message = message
  }

  /// A success toast showing `message`.
  public static func success(_ message: String) -> Toast {
    Toast(style: .success, message: message)
  }

  /// A failure toast showing `message`.
  public static func failure(_ message: String) -> Toast {
    Toast(style: .failure, message: message)
  }
}
