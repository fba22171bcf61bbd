/// What the logged-out napkin reports to its parent.
public protocol LoggedOutListener: AnyObject, Sendable {
  /// `user` signed in.
  func didLogin(user: User) async
}
