public import napkin

/// The LoggedIn screen as the LoggedIn interactor sees it.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``Presentable``.
@MainActor
public protocol LoggedInNapkinPresentable: Presentable {
  /// Where the screen sends the guest's taps; held weakly.
  var listener: (any LoggedInNapkinPresentableListener)? { get set }

  /// Shows the signed-in guest's name and favourite barbecue.
  func present(user: User)

  /// Shows a one-line summary of `board`.
  func presentPitSummary(_ board: PitBoard)

  /// Shows `lastCall` as a banner.
  func presentLastCall(_ lastCall: LastCall)
}
