public import napkin

/// What the logged-in napkin needs from its parent.
public protocol LoggedInDependency: Dependency {
  /// Signs the user out.
  var authService: any AuthServicing { get }
  /// The user's settings.
  var profileStore: any ProfileStoring { get }
}
