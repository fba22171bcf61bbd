public import napkin

/// The Pit Board napkin's business logic: shows the live board and today's specials, and
/// forwards "Back" to its parent.
///
/// On activation it subscribes to ``PitServicing/boardUpdates`` and fetches the specials, each in
/// a lifecycle-bound task, so deactivating ends the subscription and abandons the fetch. A failed
/// fetch is retried after 1 second, then after 2 more seconds on the interactor's clock; when the
/// third attempt fails too it shows a failure state. A cancelled fetch, or one deactivated while
/// it waits to retry, shows nothing.
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
  private let clock: any Clock<Duration>

  /// How long a failed specials fetch waits before each retry.
  public static let retryDelays: [Duration] = [.seconds(1), .seconds(2)]

  /// Creates the interactor.
  ///
  /// - Parameters:
  ///   - presenter: The pit board screen.
  ///   - pitService: The source of the live board.
  ///   - specialsService: The source of today's specials.
  ///   - clock: The clock a failed fetch waits on before retrying.
  public init(
    presenter: any PitBoardNapkinPresentable, pitService: any PitServicing,
    specialsService: any SpecialsServicing, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.presenter = presenter
    self.pitService = pitService
    self.specialsService = specialsService
    self.clock = clock
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
    var retries = Self.retryDelays[...]
    while true {
      do {
        let specials = try await specialsService.todaysSpecials()
        guard !Task.isCancelled else { return }
        await presenter.presentSpecials(specials)
        return
      } catch is CancellationError {
        return  // Deactivated mid-fetch: nothing to show.
      } catch {
        guard !Task.isCancelled else { return }
        guard let delay = retries.popFirst() else {
          await presenter.presentSpecialsFailure(message: "\(error)")
          return
        }
        // Deactivated while waiting to retry: the sleep throws, and nothing is shown.
        guard (try? await clock.sleep(for: delay)) != nil else { return }
      }
    }
  }
}
