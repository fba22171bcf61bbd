public import napkin

/// Builds the LoggedIn napkin for a signed-in user.
///
/// Isolation: `@MainActor`, since building creates main-actor routers (``Buildable`` itself is
/// nonisolated).
@MainActor
public protocol LoggedInNapkinBuildable: Buildable {
  /// Builds a LoggedIn napkin for `user`, reporting to `listener`, fully wired.
  func build(withListener listener: any LoggedInNapkinListener, user: User) async
    -> any LoggedInNapkinRouting
}
