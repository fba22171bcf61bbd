public import napkin

/// Builds the logged-in napkin.
@MainActor
public protocol LoggedInBuildable: Buildable {
  /// Builds the napkin for `user`, reporting to `listener`.
  func build(withListener listener: any LoggedInListener, user: User) -> any LoggedInRouting
}
