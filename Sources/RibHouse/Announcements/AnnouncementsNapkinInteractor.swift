public import napkin

/// The Announcements napkin's business logic: while active, owners every last call the pit
/// announces to its listener.
///
/// It subscribes to ``PitServicing/lastCalls`` synchronously in ``didBecomeActive()``, so a last
/// call announced once activation returned is never missed, and iterates the stream in a
/// lifecycle-bound task, so deactivation ends the subscription. Last calls announced while it is
/// inactive are not replayed.
///
/// Isolation: a `final actor`; ``lifecycle`` is `nonisolated`.
public final actor AnnouncementsNapkinInteractor: AnnouncementsNapkinInteractable {
  /// The lifecycle driving activation and the interactor's bound tasks.
  public nonisolated let lifecycle = InteractorLifecycle()

  /// The router, held weakly (it owns the interactor).
  public private(set) weak var router: (any AnnouncementsNapkinRouting)?

  /// The parent, held weakly.
  public private(set) weak var listener: (any AnnouncementsNapkinListener)?

  private let pitService: any PitServicing

  /// Creates the interactor relaying the last calls of `pitService`.
  public init(pitService: any PitServicing) {
    self.pitService = pitService
  }

  /// Sets the router and the listener; the builder calls it before the napkin is attached.
  public func wire(
    router: (any AnnouncementsNapkinRouting)?, listener: (any AnnouncementsNapkinListener)?
  ) {
    self.router = router
    self.listener = listener
  }

  /// Subscribes to the pit's last calls and owners each one to the listener until deactivated.
  public func didBecomeActive() async {
    let lastCalls = pitService.lastCalls
    task {
      for await lastCall in lastCalls {
        await self.listener?.announcementsDidReceive(lastCall: lastCall)
      }
    }
  }
}
