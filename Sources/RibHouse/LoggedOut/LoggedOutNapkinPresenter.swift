public import napkin

/// Renders the login screen as text and turns the `login` command into a tap.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class LoggedOutNapkinPresenter: Presenter<TextScreen>, LoggedOutNapkinPresentable {
  /// The title of the login screen.
  public static let screenTitle = "Logged out"

  /// Where taps go; held weakly (the interactor owns the presenter).
  public weak var listener: (any LoggedOutNapkinPresentableListener)?

  /// The latest login failure shown, if any.
  public private(set) var loginFailure: String?

  /// Creates the presenter and renders the login screen into `viewController`.
  public override init(
    viewController: TextScreen = TextScreen(title: LoggedOutNapkinPresenter.screenTitle)
  ) {
    super.init(viewController: viewController)
    viewController.setActions([
      TextAction(command: "login", title: "Log in") { [weak self] in
        self?.tapLogin() ?? Task {}
      }
    ])
    render()
  }

  /// Shows that a login attempt failed with `message`.
  public func presentLoginFailure(message: String) {
    loginFailure = message
    render()
  }

  /// Simulates a tap on "Log in": tells the listener, and returns the task doing so.
  @discardableResult
  public func tapLogin() -> Task<Void, Never> {
    let listener = self.listener
    return dispatch { await listener?.didTapLogin() }
  }

  private func render() {
    var lines = [
      "Welcome to the Rib House.",
      "The smoke has been rolling since 5 am. Log in to see the pit.",
    ]
    if let loginFailure { lines += ["", "Login failed: \(loginFailure)"] }
    viewController.render(lines.joined(separator: "\n"))
  }
}
