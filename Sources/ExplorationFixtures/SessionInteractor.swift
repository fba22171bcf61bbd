public import napkin

/// Fetches data for a session.
public protocol DataService: Sendable {
  /// The latest data.
  func fetch() async throws -> String
}

/// What the session screen shows.
@MainActor
public protocol SessionPresentable: Presentable {
  /// Shows `data`.
  func show(data: String)
  /// Shows that the session expired.
  func showExpired()
}

/// Planted bug, deadline in flight: the session expires after 30 seconds, but a fetch held
/// across the expiry still shows its fresh data on the expired session.
public final actor SessionInteractor: PresentableInteractable {
  public nonisolated let lifecycle = InteractorLifecycle()
  public nonisolated let presenter: any SessionPresentable
  private let service: any DataService
  private let clock: any Clock<Duration>
  private var isExpired = false

  /// An interactor fetching through `service`, expiring on `clock`.
  public init(
    service: any DataService, presenter: any SessionPresentable, clock: any Clock<Duration>
  ) {
    self.service = service
    self.presenter = presenter
    self.clock = clock
  }

  public func didBecomeActive() async {
    task {
      guard (try? await self.clock.sleep(for: .seconds(30))) != nil else { return }
      await self.expire()
    }
  }

  private func expire() async {
    isExpired = true
    await presenter.showExpired()
  }

  /// The refresh button.
  public func didTapRefresh() async {
    guard !isExpired, let data = try? await service.fetch() else { return }
    await presenter.show(data: data)
  }
}

/// The fix: the expiry is checked again once the data arrives, on the main actor in the
/// presentation's own turn, where the expiry is marked too. Checked on the interactor instead, the
/// await that hops to the presenter leaves room for the expiry in between.
public final actor ExpiryCheckingSessionInteractor: PresentableInteractable {
  public nonisolated let lifecycle = InteractorLifecycle()
  public nonisolated let presenter: any SessionPresentable
  private let service: any DataService
  private let clock: any Clock<Duration>
  private nonisolated let expiry = ExpiryMark()

  /// An interactor fetching through `service`, expiring on `clock`.
  public init(
    service: any DataService, presenter: any SessionPresentable, clock: any Clock<Duration>
  ) {
    self.service = service
    self.presenter = presenter
    self.clock = clock
  }

  public func didBecomeActive() async {
    task {
      guard (try? await self.clock.sleep(for: .seconds(30))) != nil else { return }
      await self.expire()
    }
  }

  private func expire() async {
    await MainActor.run { [expiry, presenter] in
      expiry.isExpired = true
      presenter.showExpired()
    }
  }

  /// The refresh button.
  public func didTapRefresh() async {
    guard await !expiry.isExpired, let data = try? await service.fetch() else { return }
    await MainActor.run { [expiry, presenter] in
      if !expiry.isExpired { presenter.show(data: data) }
    }
  }
}

/// Whether a session expired, kept on the main actor with what it guards.
@MainActor private final class ExpiryMark {
  var isExpired = false
  nonisolated init() {}
}
