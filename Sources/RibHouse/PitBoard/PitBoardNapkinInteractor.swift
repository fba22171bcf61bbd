public import napkin

/// The Pit Board napkin's business logic: shows the live board and today's specials, and
/// forwards "Back" to its parent.
///
/// On activation it subscribes to ``PitServicing/boardUpdates`` and fetches the specials, each in
/// a lifecycle-bound task, so deactivating ends the subscription and abandons the fetch. A failed
/// fetch shows a failure state; a cancelled one shows nothing.
///
/// Isolation: a `final actor`; its ``presenter`` and ``lifecycle`` are `nonisolated`.
public final actor PitBoardNapkinInteractor: PresentableInteractable, PitBoardNapkinInteractable,
  PitBoardNapkinPresentableListener
{
  /// The lifecycle driving activation and the interactor's bound tasks.
  public nonisolated let lifecycle = InteractorLifecycle()

  /// The pit board screen.
  public nonisolated let presenter: any PitBoardNapkinPresentable

  /// The router, held weakly (it owns the interactor).
  public private(set) weak var router: (any PitBoardNapkinRouting)?

  /// The parent, held weakly.
  public private(set) weak var listener: (any PitBoardNapkinListener)?

  private let pitService: any PitServicing
  private let specialsService: any SpecialsServicing

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - presenter: The pit board screen.
  ///   - pitService: The source of the live board.
  ///   - specialsService: The source of today's specials.
  public init(
    presenter: any PitBoardNapkinPresentable, pitService: any PitServicing,
    specialsService: any SpecialsServicing
  ) {
    self.presenter = presenter
    self.pitService = pitService
    self.specialsService = specialsService
  }

  /// Sets the router and the listener; the builder calls it before the napkin is attached.
  public func wire(router: (any PitBoardNapkinRouting)?, listener: (any PitBoardNapkinListener)?) {
    self.router = router
    self.listener = listener
  }

  /// Starts showing the live board and loads today's specials, until deactivated.
  public func didBecomeActive() async {
    let boards = pitService.boardUpdates
    task {
      for await board in boards {
        await self.presenter.presentBoard(board)
      }
    }
    task {
      await self.loadSpecials()
    }
  }

  /// Forwards "Back" to the listener.
  public func didTapBack() async {
    await listener?.pitBoardDidTapBack()
  }

  private func loadSpecials() async {
    do {
      let specials = try await specialsService.todaysSpecials()
      guard !Task.isCancelled else { return }
      await presenter.presentSpecials(specials)
    } catch is CancellationError {
      // Deactivated mid-fetch: nothing to show.
    } catch {
      guard !Task.isCancelled else { return }
      await presenter.presentSpecialsFailure(message: "\(error)")
    }
  }
}
