import napkin

/// The Launch napkin's component: passes the services on to LoggedOut and LoggedIn.
///
/// Isolation: nonisolated and not `Sendable`, like every ``Component``.
final class LaunchNapkinComponent: Component<any LaunchNapkinDependency>,
  LoggedOutNapkinDependency, LoggedInNapkinDependency
{
  var authService: any AuthServicing { dependency.authService }
  var pitService: any PitServicing { dependency.pitService }
  var specialsService: any SpecialsServicing { dependency.specialsService }
  var clock: any Clock<Duration> { dependency.clock }
}
