public import napkin

/// What the Announcements napkin needs from its parent: the pit, whose last calls it owners.
///
/// Isolation: nonisolated and class-bound, like every ``Dependency``; not `Sendable`.
public protocol AnnouncementsNapkinDependency: Dependency {
  /// The pit whose ``PitServicing/lastCalls`` the napkin owners.
  var pitService: any PitServicing { get }
}
