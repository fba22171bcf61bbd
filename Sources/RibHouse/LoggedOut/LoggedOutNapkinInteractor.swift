public import napkin

/// The LoggedOut napkin's business logic: forwards the login tap to its parent, and shows login
/// failures the parent reports.
///
/// Isolation: a `final actor`; its ``presenter`` and ``lifecycle`` are `nonisolated`.
///
/// ```swift
/// let sut = LoggedOutNapkinInteractor(presenter: presenter)
/// await sut.wire(router: nil, listener: listener)
/// await sut.didTapLogin()  // listener.loggedOutDidTapLogin() runs once
/// ```
public final actor LoggedOutNapkinInteractor: PresentableInteractable,
  LoggedOutNapkinInteractable, LoggedOutNapkinPresentableListener
{
  /// The lifecycle driving activation and the interactor's bound tasks.
  public nonisolated let lifecycle = InteractorLifecycle()

  /// The login screen.
  public nonisolated let presenter: any LoggedOutNapkinPresentable

  /// The router, held weakly (it owns the interactor).
  public private(set) weak var router: (any LoggedOutNapkinRouting)?

  /// The parent, held weakly.
  public private(set) weak var listener: (any LoggedOutNapkinListener)?

  /// Creates the interactor driving `presenter`.
  public init(presenter: any LoggedOutNapkinPresentable) {
    self.presenter = presenter
  }

  /// Sets the router and the listener; the builder calls it before the napkin is attached.
  public func wire(router: (any LoggedOutNapkinRouting)?, listener: (any LoggedOutNapkinListener)?)
  {
    self.router = router
    self.listener = listener
  }

  /// Forwards the tap to the listener, exactly once.
  public func didTapLogin() async {
    await listener?.loggedOutDidTapLogin()
  }

  /// Shows the failure on the login screen.
  public func loginDidFail(message: String) async {
    await presenter.presentLoginFailure(message: message)
  }
}
