public import napkin

/// Routes the headless Announcements napkin: a plain ``Router``, without a view.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class AnnouncementsNapkinRouter: Router<any AnnouncementsNapkinInteractable>,
  AnnouncementsNapkinRouting
{
  /// Creates the router owning `interactor`.
  public override init(interactor: any AnnouncementsNapkinInteractable) {
    super.init(interactor: interactor)
  }
}
