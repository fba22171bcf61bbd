public import napkin

/// Builds the LoggedIn napkin, with builders for its Pit Board and Announcements children.
///
/// Isolation: `@MainActor`, since it creates main-actor routers and views (``Builder`` itself is
/// nonisolated).
@MainActor
public final class LoggedInNapkinBuilder: Builder<any LoggedInNapkinDependency>,
  LoggedInNapkinBuildable
{
  /// Creates a builder over the parent's `dependency`.
  public override init(dependency: any LoggedInNapkinDependency) {
    super.init(dependency: dependency)
  }

  /// Builds a LoggedIn napkin for `user`, reporting to `listener`.
  public func build(withListener listener: any LoggedInNapkinListener, user: User) async
    -> any LoggedInNapkinRouting
  {
    let component = LoggedInNapkinComponent(dependency: dependency)
    let presenter = LoggedInNapkinPresenter()
    let interactor = LoggedInNapkinInteractor(
      presenter: presenter, user: user, pitService: component.pitService)
    presenter.listener = interactor
    let router = LoggedInNapkinRouter(
      interactor: interactor, viewController: presenter.viewController,
      pitBoardBuilder: PitBoardNapkinBuilder(dependency: component),
      announcementsBuilder: AnnouncementsNapkinBuilder(dependency: component))
    await interactor.wire(router: router, listener: listener)
    return router
  }
}
