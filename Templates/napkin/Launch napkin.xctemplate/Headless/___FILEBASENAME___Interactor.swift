//___FILEHEADER___

import napkin

/// The root napkin's business logic: decides which napkin the app starts with.
final actor ___VARIABLE_productName___Interactor: ___VARIABLE_productName___Interactable {
  nonisolated let lifecycle = InteractorLifecycle()

  /// The router, held weakly: it owns the interactor.
  private weak var router: (any ___VARIABLE_productName___Routing)?

  /// Sets the router; the builder calls it before the napkin is launched.
  func wire(router: (any ___VARIABLE_productName___Routing)?) {
    self.router = router
  }

  func didBecomeActive() async {
    // Attach the first napkin here, through a method of ___VARIABLE_productName___Routing.
  }
}
