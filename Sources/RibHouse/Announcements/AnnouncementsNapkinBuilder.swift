public import napkin

/// Builds the Announcements napkin from its dependency.
///
/// Isolation: `@MainActor`, since it creates main-actor routers and views (``Builder`` itself is
/// nonisolated).
@MainActor
public final class AnnouncementsNapkinBuilder: Builder<any AnnouncementsNapkinDependency>,
  AnnouncementsNapkinBuildable
{
  /// Creates a builder over the parent's `dependency`.
  public override init(dependency: any AnnouncementsNapkinDependency) {
    super.init(dependency: dependency)
  }

  /// Builds an Announcements napkin that owners last calls to `listener`.
  public func build(withListener listener: any AnnouncementsNapkinListener) async
    -> any AnnouncementsNapkinRouting
  {
    let interactor = AnnouncementsNapkinInteractor(pitService: dependency.pitService)
    let router = AnnouncementsNapkinRouter(interactor: interactor)
    await interactor.wire(router: router, listener: listener)
    return router
  }
}
