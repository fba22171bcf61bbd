public import napkin

/// The LoggedIn router as its interactor sees it.
///
/// Every method is idempotent: attaching an attached child or detaching a detached one does
/// nothing. Calls are performed one at a time, in order.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``ViewableRouting``.
@MainActor
public protocol LoggedInNapkinRouting: ViewableRouting {
  /// Attaches the headless Announcements napkin.
  func attachAnnouncements() async

  /// Detaches the Announcements napkin.
  func detachAnnouncements() async

  /// Attaches the Pit Board napkin and presents its screen.
  func attachPitBoard() async

  /// Detaches the Pit Board napkin and dismisses its screen.
  func detachPitBoard() async
}
