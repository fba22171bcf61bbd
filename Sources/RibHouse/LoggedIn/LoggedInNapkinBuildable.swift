import napkin

/// Builds the LoggedIn napkin for a signed-in user.
///
/// Isolation: `@MainActor`, like every ``Buildable``.
@MainActor
public protocol LoggedInNapkinBuildable: Buildable {
  /// Builds a LoggedIn napkin for `user`, reporting to `listener`, fully wired.
  func build(withListener listener: any LoggedInNapkinListener, user: User) async
    -> any LoggedInNapkinRouting
}
