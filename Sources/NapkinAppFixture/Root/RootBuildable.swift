public import napkin

/// Builds the root napkin.
@MainActor
public protocol RootBuildable: Buildable {
  /// Builds the root napkin's router.
  func build() -> any RootRouting
}
