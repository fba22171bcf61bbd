public import napkin

/// What the LoggedIn napkin needs from its parent: the pit and today's specials, which it also
/// hands to its Pit Board and Announcements children.
///
/// Isolation: nonisolated and class-bound, like every ``Dependency``; not `Sendable`.
public protocol LoggedInNapkinDependency: Dependency {
  /// The live pit board and its last calls.
  var pitService: any PitServicing { get }

  /// Today's specials.
  var specialsService: any SpecialsServicing { get }

  /// The clock retries and the pit's ticks wait on: the real one in the app, a test clock in
  /// tests.
  var clock: any Clock<Duration> { get }
}
