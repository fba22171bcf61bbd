//___FILEHEADER___

import napkin

/// The ___VARIABLE_productName___ interactor as its router sees it: the listener of the children it attaches.
protocol ___VARIABLE_productName___Interactable: Interactable {}

/// ___VARIABLE_productName___'s view as its router sees it: where the children's views are shown.
@MainActor
protocol ___VARIABLE_productName___ViewControllable: ViewControllable {}

/// What ___VARIABLE_productName___'s interactor asks its router: attach and detach its children.
@MainActor
protocol ___VARIABLE_productName___Routing: ViewableRouting {}

/// Routes the ___VARIABLE_productName___ napkin: attaches its children and shows their views in its own.
@MainActor
final class ___VARIABLE_productName___Router: ViewableRouter<any ___VARIABLE_productName___Interactable, any ___VARIABLE_productName___ViewControllable>,
  ___VARIABLE_productName___Routing
{
  /// ___VARIABLE_productName___'s scope, which the builders of its children are given as their dependency.
  private let component: ___VARIABLE_productName___Component

  init(
    interactor: any ___VARIABLE_productName___Interactable, viewController: any ___VARIABLE_productName___ViewControllable,
    component: ___VARIABLE_productName___Component
  ) {
    self.component = component
    super.init(interactor: interactor, viewController: viewController)
  }
}
