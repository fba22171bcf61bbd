/// What the logged-out screen reports to its interactor.
public protocol LoggedOutPresentableListener: AnyObject, Sendable {
  /// The user tapped "Log in" with `name`.
  func login(name: String) async
}
