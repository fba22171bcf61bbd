/// What the LoggedIn napkin tells its parent.
///
/// Isolation: class-bound and `Sendable`; the parent is usually an interactor actor.
public protocol LoggedInNapkinListener: AnyObject, Sendable {
  /// The guest tapped "Log out"; the parent logs out and routes.
  func loggedInDidTapLogout() async
}
