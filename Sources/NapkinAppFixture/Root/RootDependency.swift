public import napkin

/// What the root napkin needs from the app.
public protocol RootDependency: Dependency {
  /// Signs users in and out.
  var authService: any AuthServicing { get }
  /// The app's name, shown on the logged-out screen.
  var appName: String { get }
}
