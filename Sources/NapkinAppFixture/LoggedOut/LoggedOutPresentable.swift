public import napkin

/// The logged-out screen, as its interactor drives it.
public protocol LoggedOutPresentable: Presentable {
  /// The screen's listener.
  var listener: (any LoggedOutPresentableListener)? { get set }
  /// Shows `message` as an error.
  func showError(_ message: String)
}
