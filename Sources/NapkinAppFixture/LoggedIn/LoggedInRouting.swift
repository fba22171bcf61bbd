public import napkin

/// What the logged-in interactor asks of its router.
public protocol LoggedInRouting: ViewableRouting {
  /// Shows the profile screen.
  func routeToProfile() async
}
