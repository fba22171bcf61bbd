import napkin

/// Builds the Pit Board napkin.
///
/// Isolation: `@MainActor`, like every ``Buildable``.
@MainActor
public protocol PitBoardNapkinBuildable: Buildable {
  /// Builds a Pit Board napkin reporting to `listener`, fully wired.
  func build(withListener listener: any PitBoardNapkinListener) async
    -> any PitBoardNapkinRouting
}
