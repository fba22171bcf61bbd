import napkin

/// Builds the LoggedOut napkin: the login screen.
///
/// Isolation: `@MainActor`, like every ``Buildable``.
@MainActor
public protocol LoggedOutNapkinBuildable: Buildable {
  /// Builds a LoggedOut napkin whose interactor reports to `listener`, fully wired.
  func build(withListener listener: any LoggedOutNapkinListener) async
    -> any LoggedOutNapkinRouting
}
