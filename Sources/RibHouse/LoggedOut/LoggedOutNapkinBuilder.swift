public import napkin

/// Builds the LoggedOut napkin from its dependency.
///
/// Isolation: `@MainActor` (``Builder`` itself is nonisolated): building creates the presenter,
/// interactor and router, then awaits the interactor's wiring, so the router returned is ready to
/// attach.
@MainActor
public final class LoggedOutNapkinBuilder: Builder<any LoggedOutNapkinDependency>,
  LoggedOutNapkinBuildable
{
  /// Creates a builder over the parent's `dependency`.
  public override init(dependency: any LoggedOutNapkinDependency) {
    super.init(dependency: dependency)
  }

  /// Builds a LoggedOut napkin whose interactor reports to `listener`.
  public func build(withListener listener: any LoggedOutNapkinListener) async
    -> any LoggedOutNapkinRouting
  {
    let presenter = LoggedOutNapkinPresenter()
    let interactor = LoggedOutNapkinInteractor(presenter: presenter)
    presenter.listener = interactor
    let router = LoggedOutNapkinRouter(
      interactor: interactor, viewController: presenter.viewController)
    await interactor.wire(router: router, listener: listener)
    return router
  }
}
