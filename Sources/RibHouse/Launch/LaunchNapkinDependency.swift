public import napkin

/// What the Launch napkin needs from the app: every service of the Rib House.
///
/// Isolation: nonisolated and class-bound, like every ``Dependency``; not `Sendable`.
public protocol LaunchNapkinDependency: Dependency {
  /// Signs guests in and out.
  var authService: any AuthServicing { get }

  /// The live pit board and its last calls.
  var pitService: any PitServicing { get }

  /// Today's specials.
  var specialsService: any SpecialsServicing { get }

  /// The clock retries and the pit's ticks wait on: the real one in the app, a test clock in
  /// tests.
  var clock: any Clock<Duration> { get }
}
