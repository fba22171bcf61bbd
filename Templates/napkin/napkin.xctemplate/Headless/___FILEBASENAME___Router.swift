//___FILEHEADER___

import napkin

/// The ___VARIABLE_productName___ interactor as its router sees it: the listener of the children it attaches.
protocol ___VARIABLE_productName___Interactable: Interactable {}

/// What ___VARIABLE_productName___'s interactor asks its router: attach and detach its children.
@MainActor
protocol ___VARIABLE_productName___Routing: Routing {}

/// Routes the ___VARIABLE_productName___ napkin: a headless one, with no view of its own.
@MainActor
final class ___VARIABLE_productName___Router: Router<any ___VARIABLE_productName___Interactable>, ___VARIABLE_productName___Routing {
  /// ___VARIABLE_productName___'s scope, which the builders of its children are given as their dependency.
  private let component: ___VARIABLE_productName___Component

  init(interactor: any ___VARIABLE_productName___Interactable, component: ___VARIABLE_productName___Component) {
    self.component = component
    super.init(interactor: interactor)
  }
}
