public import napkin

/// What the logged-out napkin needs from its parent.
public protocol LoggedOutDependency: Dependency {
  /// Signs users in.
  var authService: any AuthServicing { get }
  /// The app's name.
  var appName: String { get }
}
