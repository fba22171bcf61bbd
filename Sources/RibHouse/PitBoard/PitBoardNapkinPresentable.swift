public import napkin

/// The pit board screen as the Pit Board interactor sees it.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``Presentable``.
@MainActor
public protocol PitBoardNapkinPresentable: Presentable {
  /// Where the screen sends the guest's taps; held weakly.
  var listener: (any PitBoardNapkinPresentableListener)? { get set }

  /// Shows `board`, its items grouped by stage.
  func presentBoard(_ board: PitBoard)

  /// Shows today's specials.
  func presentSpecials(_ specials: [Special])

  /// Shows that today's specials could not be loaded.
  func presentSpecialsFailure(message: String)
}
