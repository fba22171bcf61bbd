public import napkin

/// Builds the root Launch napkin and the builders of its LoggedOut and LoggedIn children.
///
/// Isolation: `@MainActor`, since it creates main-actor routers and views (``Builder`` itself is
/// nonisolated).
///
/// ```swift
/// let root = await LaunchNapkinBuilder(dependency: component).build(window: window, listener: nil)
/// await root.launch()
/// ```
@MainActor
public final class LaunchNapkinBuilder: Builder<any LaunchNapkinDependency>,
  LaunchNapkinBuildable
{
  /// Creates a builder over the app's `dependency`.
  public override init(dependency: any LaunchNapkinDependency) {
    super.init(dependency: dependency)
  }

  /// Builds the Launch napkin, presenting its children on `window`.
  public func build(window: TextScreen, listener: (any LaunchNapkinListener)?) async
    -> any LaunchNapkinRouting
  {
    let component = LaunchNapkinComponent(dependency: dependency)
    let interactor = LaunchNapkinInteractor(authService: component.authService)
    let router = LaunchNapkinRouter(
      interactor: interactor, viewController: window,
      loggedOutBuilder: LoggedOutNapkinBuilder(dependency: component),
      loggedInBuilder: LoggedInNapkinBuilder(dependency: component))
    await interactor.wire(router: router, listener: listener)
    return router
  }
}
