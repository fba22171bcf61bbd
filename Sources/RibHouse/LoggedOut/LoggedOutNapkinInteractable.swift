public import napkin

/// The LoggedOut interactor as its router sees it.
///
/// Isolation: an `Actor`, like every ``Interactable``.
public protocol LoggedOutNapkinInteractable: Interactable {
  /// The parent's login attempt failed; shows `message` on the login screen.
  func loginDidFail(message: String) async
}
