public import napkin

/// Routes the Pit Board napkin: a leaf, whose view is the pit board screen.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class PitBoardNapkinRouter: ViewableRouter<
  any PitBoardNapkinInteractable, TextScreen
>, PitBoardNapkinRouting
{
  /// Creates the router owning `interactor` and the pit board screen `viewController`.
  public override init(interactor: any PitBoardNapkinInteractable, viewController: TextScreen) {
    super.init(interactor: interactor, viewController: viewController)
  }
}
