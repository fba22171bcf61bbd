public import napkin

/// Builds the Pit Board napkin from its dependency.
///
/// Isolation: `@MainActor`, since it creates main-actor routers and views (``Builder`` itself is
/// nonisolated).
@MainActor
public final class PitBoardNapkinBuilder: Builder<any PitBoardNapkinDependency>,
  PitBoardNapkinBuildable
{
  /// Creates a builder over the parent's `dependency`.
  public override init(dependency: any PitBoardNapkinDependency) {
    super.init(dependency: dependency)
  }

  /// Builds a Pit Board napkin reporting to `listener`.
  public func build(withListener listener: any PitBoardNapkinListener) async
    -> any PitBoardNapkinRouting
  {
    let presenter = PitBoardNapkinPresenter()
    let interactor = PitBoardNapkinInteractor(
      presenter: presenter, pitService: dependency.pitService,
      specialsService: dependency.specialsService, clock: dependency.clock)
    presenter.listener = interactor
    let router = PitBoardNapkinRouter(
      interactor: interactor, viewController: presenter.viewController)
    await interactor.wire(router: router, listener: listener)
    return router
  }
}
