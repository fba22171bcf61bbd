public import napkin

/// Logs in through a service that answers later.
public protocol LoginService: Sendable {
  /// Logs in; returns the user's name.
  func login() async throws -> String
}

/// The routing a login napkin needs.
@MainActor
public protocol LoginRouting: Routing {
  /// Attaches the logged-in napkin for `user`.
  func attachLoggedIn(user: String) async
}

/// Planted bug, double tap: it ignores a tap once logged in, but a second tap while the first
/// login is in flight starts a second login, and both answers attach a logged-in child.
public final actor LoginInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()
  private let service: any LoginService
  private let router: any LoginRouting
  private var isLoggedIn = false

  /// An interactor logging in through `service` and routing with `router`.
  public init(service: any LoginService, router: any LoginRouting) {
    self.service = service
    self.router = router
  }

  /// The login button.
  public func didTapLogin() async {
    guard !isLoggedIn else { return }
    guard let user = try? await service.login() else { return }
    isLoggedIn = true
    await router.attachLoggedIn(user: user)
  }
}

/// The fix: a tap while a login is in flight, or once logged in, does nothing.
public final actor GuardedLoginInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()
  private let service: any LoginService
  private let router: any LoginRouting
  private var isLoggingIn = false
  private var isLoggedIn = false

  /// An interactor logging in through `service` and routing with `router`.
  public init(service: any LoginService, router: any LoginRouting) {
    self.service = service
    self.router = router
  }

  /// The login button.
  public func didTapLogin() async {
    guard !isLoggingIn, !isLoggedIn else { return }
    isLoggingIn = true
    defer { isLoggingIn = false }
    guard let user = try? await service.login() else { return }
    isLoggedIn = true
    await router.attachLoggedIn(user: user)
  }
}
