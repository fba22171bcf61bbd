public import napkin

/// What the Pit Board napkin needs from its parent: the pit and today's specials.
///
/// Isolation: nonisolated and class-bound, like every ``Dependency``; not `Sendable`.
public protocol PitBoardNapkinDependency: Dependency {
  /// The live pit board.
  var pitService: any PitServicing { get }

  /// Today's specials.
  var specialsService: any SpecialsServicing { get }

  /// The clock retries and the pit's ticks wait on: the real one in the app, a test clock in
  /// tests.
  var clock: any Clock<Duration> { get }
}
