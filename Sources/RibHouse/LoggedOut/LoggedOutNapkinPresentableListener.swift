/// What the login screen tells the LoggedOut interactor.
///
/// Isolation: class-bound and `Sendable`; the listener is the interactor actor.
public protocol LoggedOutNapkinPresentableListener: AnyObject, Sendable {
  /// The guest tapped "Log in".
  func didTapLogin() async
}
