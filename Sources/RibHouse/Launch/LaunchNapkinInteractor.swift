public import napkin

/// The root napkin's business logic: the auth gate.
///
/// On activation it subscribes to ``AuthServicing/userStream`` in a lifecycle-bound task and
/// routes on every value: no user shows LoggedOut, a user shows LoggedIn for that user. It is the
/// listener of both children: ``loggedOutDidTapLogin()`` logs in and ``loggedInDidTapLogout()``
/// logs out.
///
/// Routing is deduplicated and serialized: asking for the destination already asked for does not
/// call the router again but waits for that routing to finish, so an intent that returns has
/// been routed. A successful login or logout routes at once, without waiting for the user stream,
/// unless the user stream has reported a newer state meanwhile, which then wins. A failed login
/// stays logged out, keeps the error in ``lastLoginError`` and shows it on the login screen; a
/// cancelled one does neither.
///
/// Logins and logouts run as lifecycle-bound tasks: deactivating the interactor abandons one in
/// flight (as a cancellation), and an inactive interactor does not start one.
///
/// Isolation: a `final actor`; ``lifecycle`` is `nonisolated`.
///
/// ```swift
/// let sut = LaunchNapkinInteractor(authService: auth)
/// await sut.wire(router: router, listener: nil)
/// await sut.activate()              // the user stream routes to LoggedOut
/// await sut.loggedOutDidTapLogin()  // router.attachLoggedIn(user:) ran once
/// ```
public final actor LaunchNapkinInteractor: LaunchNapkinInteractable {
  private enum Destination: Equatable {
    case loggedOut
    case loggedIn(User)
  }

  /// The lifecycle driving activation and the interactor's bound tasks.
  public nonisolated let lifecycle = InteractorLifecycle()

  /// The router, held weakly (it owns the interactor).
  public private(set) weak var router: (any LaunchNapkinRouting)?

  /// The host, held weakly.
  public private(set) weak var listener: (any LaunchNapkinListener)?

  /// The error of the latest failed login, cleared by a successful one.
  public private(set) var lastLoginError: (any Error)?

  /// The error of the latest failed logout, cleared by a successful one.
  public private(set) var lastLogoutError: (any Error)?

  private let authService: any AuthServicing
  private var destination: Destination?
  private var routingTask: Task<Void, Never>?
  private var userUpdates = 0

  /// Creates the interactor signing guests in and out through `authService`.
  public init(authService: any AuthServicing) {
    self.authService = authService
  }

  /// Sets the router and the listener; the builder calls it before the napkin is launched.
  public func wire(router: (any LaunchNapkinRouting)?, listener: (any LaunchNapkinListener)?) {
    self.router = router
    self.listener = listener
  }

  /// Subscribes to the user stream and routes on every value until deactivated.
  public func didBecomeActive() async {
    let users = authService.userStream
    task {
      for await user in users {
        await self.userDidChange(user)
      }
    }
  }

  /// Logs in; on success shows LoggedIn, on failure keeps and shows the error.
  ///
  /// The login is bound to the lifecycle: deactivation cancels it, and while inactive it does not
  /// run.
  public func loggedOutDidTapLogin() async {
    await runBound { await self.logIn() }
  }

  /// Logs out; on success shows LoggedOut, on failure keeps the error and stays logged in.
  ///
  /// The logout is bound to the lifecycle: deactivation cancels it, and while inactive it does not
  /// run.
  public func loggedInDidTapLogout() async {
    await runBound { await self.logOut() }
  }

  /// Runs `operation` as a lifecycle-bound task and waits for it; cancelling the caller cancels it.
  private func runBound(_ operation: @escaping @Sendable () async -> Void) async {
    let work = task(operation)
    await withTaskCancellationHandler {
      await work.value
    } onCancel: {
      work.cancel()
    }
  }

  private func logIn() async {
    let updatesBefore = userUpdates
    do {
      let user = try await authService.login()
      lastLoginError = nil
      await route(to: .loggedIn(user), unlessUserStreamMovedSince: updatesBefore)
    } catch is CancellationError {
      // Abandoned, not failed: nothing to show.
    } catch {
      lastLoginError = error
      await router?.presentLoginFailure(message: "\(error)")
    }
  }

  private func logOut() async {
    let updatesBefore = userUpdates
    do {
      try await authService.logout()
      lastLogoutError = nil
      await route(to: .loggedOut, unlessUserStreamMovedSince: updatesBefore)
    } catch is CancellationError {
      // Abandoned, not failed: nothing to record.
    } catch {
      lastLogoutError = error
    }
  }

  private func userDidChange(_ user: User?) async {
    userUpdates += 1
    await route(to: user.map(Destination.loggedIn) ?? .loggedOut)
  }

  private func route(to destination: Destination, unlessUserStreamMovedSince updates: Int) async {
    if userUpdates == updates {
      await route(to: destination)
    } else {
      // The stream is the source of truth and already routed to a newer state.
      await routingTask?.value
    }
  }

  private func route(to destination: Destination) async {
    guard destination != self.destination else {
      await routingTask?.value
      return
    }
    self.destination = destination
    let router = self.router
    let previous = routingTask
    let task = Task {
      await previous?.value
      switch destination {
      case .loggedOut: await router?.attachLoggedOut()
      case .loggedIn(let user): await router?.attachLoggedIn(user: user)
      }
    }
    routingTask = task
    await task.value
  }
}
