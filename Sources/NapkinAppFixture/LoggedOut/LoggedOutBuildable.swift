public import napkin

/// Builds the logged-out napkin.
@MainActor
public protocol LoggedOutBuildable: Buildable {
  /// Builds the napkin, reporting to `listener`.
  func build(withListener listener: any LoggedOutListener) -> any LoggedOutRouting
}
