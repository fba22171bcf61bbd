public import napkin

/// The Launch router as its interactor sees it: the auth gate's two destinations.
///
/// Every method is idempotent (showing the shown destination does nothing) and calls are
/// performed one at a time, in order.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``LaunchRouting``.
@MainActor
public protocol LaunchNapkinRouting: LaunchRouting {
  /// Shows the login screen: detaches LoggedIn if attached, then attaches LoggedOut.
  func attachLoggedOut() async

  /// Shows `user`'s LoggedIn napkin: detaches LoggedOut (or another user's LoggedIn), then
  /// attaches LoggedIn for `user`.
  func attachLoggedIn(user: User) async

  /// Shows that a login attempt failed with `message` on the login screen, if it is attached.
  func presentLoginFailure(message: String) async
}
