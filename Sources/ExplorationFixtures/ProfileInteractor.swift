public import napkin

/// Loads a profile.
public protocol ProfileService: Sendable {
  /// The user's name.
  func profile() async throws -> String
}

/// What the profile screen shows.
@MainActor
public protocol ProfilePresentable: Presentable {
  /// Shows `name`.
  func show(name: String)
}

/// Planted bug, deactivation in flight: a reload started by a tap is not bound to the lifecycle,
/// and after its answer it calls the presenter even if the user left meanwhile.
public final actor ProfileInteractor: PresentableInteractable {
  public nonisolated let lifecycle = InteractorLifecycle()
  public nonisolated let presenter: any ProfilePresentable
  private let service: any ProfileService

  /// An interactor loading through `service` and presenting on `presenter`.
  public init(service: any ProfileService, presenter: any ProfilePresentable) {
    self.service = service
    self.presenter = presenter
  }

  /// The reload button.
  public func didTapReload() async {
    guard let name = try? await service.profile() else { return }
    await presenter.show(name: name)
  }
}

/// The fix: after the answer, nothing is presented once the interactor is inactive, checked on the
/// main actor in the presentation's own turn. Checked on the interactor instead, the await that
/// hops to the presenter leaves room for the user to leave in between.
public final actor ActiveOnlyProfileInteractor: PresentableInteractable {
  public nonisolated let lifecycle = InteractorLifecycle()
  public nonisolated let presenter: any ProfilePresentable
  private let service: any ProfileService

  /// An interactor loading through `service` and presenting on `presenter`.
  public init(service: any ProfileService, presenter: any ProfilePresentable) {
    self.service = service
    self.presenter = presenter
  }

  /// The reload button.
  public func didTapReload() async {
    guard let name = try? await service.profile() else { return }
    await MainActor.run { [lifecycle, presenter] in
      if lifecycle.isActive { presenter.show(name: name) }
    }
  }
}
