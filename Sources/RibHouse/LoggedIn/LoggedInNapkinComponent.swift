import napkin

/// The LoggedIn napkin's component: passes the pit and specials on to its children.
///
/// Isolation: nonisolated and not `Sendable`, like every ``Component``.
final class LoggedInNapkinComponent: Component<any LoggedInNapkinDependency>,
  PitBoardNapkinDependency, AnnouncementsNapkinDependency
{
  var pitService: any PitServicing { dependency.pitService }
  var specialsService: any SpecialsServicing { dependency.specialsService }
  var clock: any Clock<Duration> { dependency.clock }
}
