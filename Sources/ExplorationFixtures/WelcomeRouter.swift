public import napkin

/// Planted bug, router double attach: the router builds its logged-in child once and attaches it
/// whenever asked, so two logins that both answer attach the same child twice.
@MainActor
public final class WelcomeRouter: Router<any Interactable> {
  /// The logged-in child, built once.
  public let loggedIn = Router<any Interactable>(interactor: LeafInteractor())

  /// Attaches the logged-in child.
  public func routeToLoggedIn() async {
    await attachChild(loggedIn)
  }
}

/// The fix: routing to the logged-in child does nothing when it is attached or being attached.
/// Checking only the children leaves the await inside `attachChild` for a second login to pass
/// the same check.
@MainActor
public final class IdempotentWelcomeRouter: Router<any Interactable> {
  /// The logged-in child, built once.
  public let loggedIn = Router<any Interactable>(interactor: LeafInteractor())

  private var isAttaching = false

  /// Attaches the logged-in child, unless it is attached or being attached.
  public func routeToLoggedIn() async {
    guard !isAttaching, !children.contains(where: { $0 === loggedIn }) else { return }
    isAttaching = true
    await attachChild(loggedIn)
    isAttaching = false
  }
}

/// A napkin with nothing to do: the logged-in child of the welcome routers.
public final actor LeafInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()

  /// An inactive leaf.
  public init() {}
}

/// Logs in, then asks its router to route; a tap while a login is in flight starts another.
public final actor WelcomeInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()
  private let service: any LoginService
  private let route: @MainActor @Sendable () async -> Void

  /// An interactor logging in through `service`, then calling `route`.
  public init(service: any LoginService, route: @escaping @MainActor @Sendable () async -> Void) {
    self.service = service
    self.route = route
  }

  /// The login button.
  public func didTapLogin() async {
    guard (try? await service.login()) != nil else { return }
    await route()
  }
}
