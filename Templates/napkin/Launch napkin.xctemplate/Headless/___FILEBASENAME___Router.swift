//___FILEHEADER___

import napkin

/// The root interactor as its router sees it: the listener of the children it attaches.
protocol ___VARIABLE_productName___Interactable: Interactable {}

/// The root view as its router sees it: where the children's views are shown.
@MainActor
protocol ___VARIABLE_productName___ViewControllable: ViewControllable {}

/// What the root interactor asks its router: attach and detach the app's first napkins.
@MainActor
protocol ___VARIABLE_productName___Routing: LaunchRouting {}

/// Routes the root napkin: launches the tree and attaches its children.
@MainActor
final class ___VARIABLE_productName___Router: LaunchRouter<any ___VARIABLE_productName___Interactable, any ___VARIABLE_productName___ViewControllable>,
  ___VARIABLE_productName___Routing
{
  /// The root scope, which the children's builders are given as their dependency.
  private let component: ___VARIABLE_productName___Component

  init(
    interactor: any ___VARIABLE_productName___Interactable, viewController: any ___VARIABLE_productName___ViewControllable,
    component: ___VARIABLE_productName___Component
  ) {
    self.component = component
    super.init(interactor: interactor, viewController: viewController)
  }
}
