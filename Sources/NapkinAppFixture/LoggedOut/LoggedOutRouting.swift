public import napkin

/// What the logged-out interactor asks of its router.
public protocol LoggedOutRouting: ViewableRouting {
  /// Shows the help screen.
  func routeToHelp() async
}
