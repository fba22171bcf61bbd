//___FILEHEADER___

import napkin

/// What ___VARIABLE_productName___ needs from its parent's scope.
nonisolated protocol ___VARIABLE_productName___Dependency: Dependency {
  /// The service ___VARIABLE_productName___ loads its content from.
  var serviceFor___VARIABLE_productName___: any ___VARIABLE_productName___Servicing { get }
}

/// ___VARIABLE_productName___'s scope: what it builds from, and what it gives its children (conform it to a child's
/// dependency in an extension, `___VARIABLE_productName___Component+<Child>.swift`).
nonisolated final class ___VARIABLE_productName___Component: Component<any ___VARIABLE_productName___Dependency> {
  /// The service ___VARIABLE_productName___'s interactor loads from.
  var service: any ___VARIABLE_productName___Servicing { dependency.serviceFor___VARIABLE_productName___ }
}

/// Builds the ___VARIABLE_productName___ napkin; a protocol, so that a parent's router tests build a mock.
@MainActor
protocol ___VARIABLE_productName___Buildable: Buildable {
  /// Builds ___VARIABLE_productName___ reporting to `listener`, wired and ready to attach.
  func build(withListener listener: any ___VARIABLE_productName___Listener) async -> any ___VARIABLE_productName___Routing
}

/// Builds the ___VARIABLE_productName___ napkin from its parent's dependency.
@MainActor
final class ___VARIABLE_productName___Builder: Builder<any ___VARIABLE_productName___Dependency>,
  ___VARIABLE_productName___Buildable
{
  // Restated, so that it stays nonisolated in a module whose default isolation is MainActor.
  nonisolated override init(dependency: any ___VARIABLE_productName___Dependency) {
    super.init(dependency: dependency)
  }

  func build(withListener listener: any ___VARIABLE_productName___Listener) async -> any ___VARIABLE_productName___Routing {
    let component = ___VARIABLE_productName___Component(dependency: dependency)
    let viewController = ___VARIABLE_productName___ViewController()
    let interactor = ___VARIABLE_productName___Interactor(presenter: viewController, service: component.service)
    viewController.listener = interactor
    let router = ___VARIABLE_productName___Router(
      interactor: interactor, viewController: viewController, component: component)
    await interactor.wire(router: router, listener: listener)
    return router
  }
}
