public import napkin

/// Builds the Pit Board napkin.
///
/// Isolation: `@MainActor`, since building creates main-actor routers (``Buildable`` itself is
/// nonisolated).
@MainActor
public protocol PitBoardNapkinBuildable: Buildable {
  /// Builds a Pit Board napkin reporting to `listener`, fully wired.
  func build(withListener listener: any PitBoardNapkinListener) async
    -> any PitBoardNapkinRouting
}
