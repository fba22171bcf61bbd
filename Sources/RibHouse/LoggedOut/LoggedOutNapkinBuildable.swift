public import napkin

/// Builds the LoggedOut napkin: the login screen.
///
/// Isolation: `@MainActor`, since building creates main-actor routers (``Buildable`` itself is
/// nonisolated).
@MainActor
public protocol LoggedOutNapkinBuildable: Buildable {
  /// Builds a LoggedOut napkin whose interactor reports to `listener`, fully wired.
  func build(withListener listener: any LoggedOutNapkinListener) async
    -> any LoggedOutNapkinRouting
}
