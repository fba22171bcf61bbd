/// A router that owns a view controller as well as an interactor.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
///
/// ```swift
/// final class LoggedInRouter: ViewableRouter<LoggedInInteractable, LoggedInScreen>,
///   LoggedInRouting
/// {
///   func routeToPitBoard() async { /* attach the Pit Board child */ }
/// }
/// ```
@MainActor
open class ViewableRouter<InteractorType, ViewControllerType>: Router<InteractorType>,
  ViewableRouting
{
  /// The view controller, typed as the feature's view.
  public let viewController: ViewControllerType

  /// The view controller as a ``ViewControllable``.
  public let viewControllable: any ViewControllable

  /// Creates a router owning `interactor` and `viewController`, which must conform to
  /// ``ViewControllable``.
  public init(interactor: InteractorType, viewController: ViewControllerType) {
    guard let viewControllable = viewController as? any ViewControllable else {
      fatalError(
        "ViewableRouter<\(InteractorType.self), \(ViewControllerType.self)>: view controller of "
          + "type \(type(of: viewController)) does not conform to ViewControllable.")
    }
    self.viewController = viewController
    self.viewControllable = viewControllable
    super.init(interactor: interactor)
  }
}
