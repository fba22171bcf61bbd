/// What the logged-in napkin reports to its parent.
public protocol LoggedInListener: AnyObject, Sendable {
  /// The user signed out.
  func didLogout() async
}
