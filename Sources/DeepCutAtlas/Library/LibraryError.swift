/// The failures a ``LibraryService`` reports, each with a message fit for the user.
nonisolated public enum LibraryError: DisplayableError, Equatable, Sendable {
  /// The device has no connection.
  case offline
  /// The session expired or the account lacks access.
  case unauthorized
  /// The requested item no longer exists.
  case notFound
  /// Too many requests; the server asks to wait.
  case rateLimited(retryAfterSeconds: Int)
  /// The server failed with an HTTP status.
  case server(status: Int)

  /// A short sentence telling the user what went wrong.
  public var displayMessage: String {
    switch self {
    case .offline: "You're offline."
    case .unauthorized: "Your session expired. Sign in again."
    case .notFound: "That item no longer exists."
    case .rateLimited(let seconds): "Too many requests. Try again in \(seconds) s."
    case .server(let status): "The server had a problem (\(status))."
    }
  }
}
