/// What the LoggedOut napkin tells its parent.
///
/// Isolation: class-bound and `Sendable`; the parent is usually an interactor actor.
public protocol LoggedOutNapkinListener: AnyObject, Sendable {
  /// The guest tapped "Log in"; the parent logs in and routes.
  func loggedOutDidTapLogin() async
}
