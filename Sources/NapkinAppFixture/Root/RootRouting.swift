public import napkin

/// What the root interactor asks of its router.
public protocol RootRouting: LaunchRouting {
  /// Shows the logged-out napkin.
  func routeToLoggedOut() async
  /// Shows the logged-in napkin for `user`.
  func routeToLoggedIn(user: User) async
}
