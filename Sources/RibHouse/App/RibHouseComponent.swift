public import napkin

/// The root dependency container of the Rib House: holds the services the whole tree shares.
///
/// Pass the real services to run the app, or mocks to run the real napkin tree against them.
///
/// Isolation: nonisolated and not `Sendable`, like every ``Component``; build the tree from it on
/// the main actor.
///
/// ```swift
/// let component = RibHouseComponent(authService: auth, pitService: pit, specialsService: specials)
/// let root = await LaunchNapkinBuilder(dependency: component).build(window: window, listener: nil)
/// ```
public final class RibHouseComponent: Component<any EmptyDependency>, LaunchNapkinDependency {
  /// Signs guests in and out.
  public let authService: any AuthServicing

  /// The live pit board and its last calls.
  public let pitService: any PitServicing

  /// Today's specials.
  public let specialsService: any SpecialsServicing

  /// The clock retries wait on.
  public let clock: any Clock<Duration>

  /// Creates the component holding the given services.
  public init(
    authService: any AuthServicing, pitService: any PitServicing,
    specialsService: any SpecialsServicing, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.authService = authService
    self.pitService = pitService
    self.specialsService = specialsService
    self.clock = clock
    super.init(dependency: EmptyComponent())
  }
}
