/// What the LoggedIn screen tells the LoggedIn interactor.
///
/// Isolation: class-bound and `Sendable`; the listener is the interactor actor.
public protocol LoggedInNapkinPresentableListener: AnyObject, Sendable {
  /// The guest tapped "Pit board".
  func didTapPitBoard() async

  /// The guest tapped "Log out".
  func didTapLogout() async
}
