public import napkin

/// Builds the root Launch napkin.
///
/// Isolation: `@MainActor`, since building creates main-actor routers (``Buildable`` itself is
/// nonisolated).
@MainActor
public protocol LaunchNapkinBuildable: Buildable {
  /// Builds the Launch napkin, presenting its children on `window`, fully wired.
  ///
  /// - Parameters:
  ///   - window: The root screen; LoggedOut and LoggedIn are presented on it.
  ///   - listener: The host, if it listens; held weakly.
  func build(window: TextScreen, listener: (any LaunchNapkinListener)?) async
    -> any LaunchNapkinRouting
}
