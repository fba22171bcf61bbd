//___FILEHEADER___

import napkin

/// The root scope: what the whole app shares. Conform it to a child's dependency in an
/// extension, `___VARIABLE_productName___Component+<Child>.swift`.
nonisolated final class ___VARIABLE_productName___Component: Component<any EmptyDependency> {}

/// Builds the root napkin; a protocol, so that the app entry's tests can build a mock.
@MainActor
protocol ___VARIABLE_productName___Buildable: Buildable {
  /// Builds the root napkin, ready to launch.
  func build() async -> any ___VARIABLE_productName___Routing
}

/// Builds the root napkin, the one the app launches.
@MainActor
final class ___VARIABLE_productName___Builder: Builder<any EmptyDependency>,
  ___VARIABLE_productName___Buildable
{
  // Restated, so that it stays nonisolated in a module whose default isolation is MainActor.
  nonisolated override init(dependency: any EmptyDependency) {
    super.init(dependency: dependency)
  }

  func build() async -> any ___VARIABLE_productName___Routing {
    let component = ___VARIABLE_productName___Component(dependency: dependency)
    let viewController = ___VARIABLE_productName___ViewController()
    let interactor = ___VARIABLE_productName___Interactor()
    let router = ___VARIABLE_productName___Router(
      interactor: interactor, viewController: viewController, component: component)
    await interactor.wire(router: router)
    return router
  }
}
