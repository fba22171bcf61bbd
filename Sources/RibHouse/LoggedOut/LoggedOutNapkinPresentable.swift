public import napkin

/// The login screen as the LoggedOut interactor sees it.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``Presentable``.
@MainActor
public protocol LoggedOutNapkinPresentable: Presentable {
  /// Where the screen sends the guest's taps; held weakly.
  var listener: (any LoggedOutNapkinPresentableListener)? { get set }

  /// Shows that a login attempt failed with `message`.
  func presentLoginFailure(message: String)
}
