public import napkin

/// The LoggedOut router as its interactor and its parent see it.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``ViewableRouting``.
@MainActor
public protocol LoggedOutNapkinRouting: ViewableRouting {
  /// Shows that a login attempt failed with `message`.
  func presentLoginFailure(message: String) async
}
