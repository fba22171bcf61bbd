public import napkin

/// Routes the LoggedOut napkin: a leaf, whose view is the login screen.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class LoggedOutNapkinRouter: ViewableRouter<
  any LoggedOutNapkinInteractable, TextScreen
>, LoggedOutNapkinRouting
{
  /// Creates the router owning `interactor` and the login screen `viewController`.
  public override init(
    interactor: any LoggedOutNapkinInteractable, viewController: TextScreen
  ) {
    super.init(interactor: interactor, viewController: viewController)
  }

  /// Forwards the failure to the interactor, which presents it.
  public func presentLoginFailure(message: String) async {
    await interactor.loginDidFail(message: message)
  }
}
