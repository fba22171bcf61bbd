public import napkin

/// The LoggedIn napkin's business logic: shows the guest and a live pit summary, opens and closes
/// the Pit Board, owners logout, and shows the last calls its Announcements child reports.
///
/// On activation it shows the user, attaches Announcements and subscribes to
/// ``PitServicing/boardUpdates`` in a lifecycle-bound task; before resigning it detaches both
/// children, so none outlives it.
///
/// Isolation: a `final actor`; its ``presenter`` and ``lifecycle`` are `nonisolated`.
public final actor LoggedInNapkinInteractor: PresentableInteractable, LoggedInNapkinInteractable,
  LoggedInNapkinPresentableListener
{
  /// The lifecycle driving activation and the interactor's bound tasks.
  public nonisolated let lifecycle = InteractorLifecycle()

  /// The LoggedIn screen.
  public nonisolated let presenter: any LoggedInNapkinPresentable

  /// The signed-in guest.
  public nonisolated let user: User

  /// The router, held weakly (it owns the interactor).
  public private(set) weak var router: (any LoggedInNapkinRouting)?

  /// The parent, held weakly.
  public private(set) weak var listener: (any LoggedInNapkinListener)?

  private let pitService: any PitServicing

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - presenter: The LoggedIn screen.
  ///   - user: The signed-in guest.
  ///   - pitService: The source of the live pit summary.
  public init(presenter: any LoggedInNapkinPresentable, user: User, pitService: any PitServicing) {
    self.presenter = presenter
    self.user = user
    self.pitService = pitService
  }

  /// Sets the router and the listener; the builder calls it before the napkin is attached.
  public func wire(router: (any LoggedInNapkinRouting)?, listener: (any LoggedInNapkinListener)?) {
    self.router = router
    self.listener = listener
  }

  /// Shows the user, attaches Announcements, and starts the live pit summary.
  public func didBecomeActive() async {
    await presenter.present(user: user)
    await router?.attachAnnouncements()
    let boards = pitService.boardUpdates
    task {
      for await board in boards {
        await self.presenter.presentPitSummary(board)
      }
    }
  }

  /// Detaches the Pit Board and Announcements children.
  public func willResignActive() async {
    await router?.detachPitBoard()
    await router?.detachAnnouncements()
  }

  /// Opens the Pit Board.
  public func didTapPitBoard() async {
    await router?.attachPitBoard()
  }

  /// Asks the listener to log out.
  public func didTapLogout() async {
    await listener?.loggedInDidTapLogout()
  }

  /// Closes the Pit Board.
  public func pitBoardDidTapBack() async {
    await router?.detachPitBoard()
  }

  /// Shows `lastCall` as a banner.
  public func announcementsDidReceive(lastCall: LastCall) async {
    await presenter.presentLastCall(lastCall)
  }
}
