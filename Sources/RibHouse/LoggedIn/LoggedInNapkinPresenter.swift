public import napkin

/// Renders the LoggedIn screen as text: the guest, a live pit summary, and last-call banners.
///
/// The screen is loading until it has shown a pit summary. It keeps the
/// ``maximumBanners`` most recent last calls, newest first.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class LoggedInNapkinPresenter: Presenter<TextScreen>, LoggedInNapkinPresentable {
  /// The title of the LoggedIn screen.
  public static let screenTitle = "Logged in"

  /// How many last-call banners the screen keeps.
  public static let maximumBanners = 3

  /// Where taps go; held weakly (the interactor owns the presenter).
  public weak var listener: (any LoggedInNapkinPresentableListener)?

  /// The guest shown, once presented.
  public private(set) var user: User?

  /// The board summarized, once one arrived.
  public private(set) var board: PitBoard?

  /// The last calls shown, newest first.
  public private(set) var lastCalls: [LastCall] = []

  /// Creates the presenter and renders the loading screen into `viewController`.
  public override init(
    viewController: TextScreen = TextScreen(title: LoggedInNapkinPresenter.screenTitle)
  ) {
    super.init(viewController: viewController)
    viewController.setActions([
      TextAction(command: "pit", title: "Open the pit board") { [weak self] in
        self?.tapPitBoard() ?? Task {}
      },
      TextAction(command: "logout", title: "Log out") { [weak self] in
        self?.tapLogout() ?? Task {}
      },
    ])
    render()
  }

  /// Shows the signed-in guest's name and favourite barbecue.
  public func present(user: User) {
    self.user = user
    render()
  }

  /// Shows a one-line summary of `board`.
  public func presentPitSummary(_ board: PitBoard) {
    self.board = board
    render()
  }

  /// Shows `lastCall` as the newest banner.
  public func presentLastCall(_ lastCall: LastCall) {
    lastCalls.insert(lastCall, at: 0)
    lastCalls = Array(lastCalls.prefix(Self.maximumBanners))
    render()
  }

  /// Simulates a tap on "Pit board": tells the listener, and returns the task doing so.
  @discardableResult
  public func tapPitBoard() -> Task<Void, Never> {
    let listener = self.listener
    return dispatch { await listener?.didTapPitBoard() }
  }

  /// Simulates a tap on "Log out": tells the listener, and returns the task doing so.
  @discardableResult
  public func tapLogout() -> Task<Void, Never> {
    let listener = self.listener
    return dispatch { await listener?.didTapLogout() }
  }

  private func render() {
    var lines = lastCalls.map { ">> \($0.message)" }
    if !lines.isEmpty { lines.append("") }
    if let user {
      lines.append("Welcome back, \(user.name)!")
      let foods =
        user.barbecueFoods.isEmpty ? "none yet" : user.barbecueFoods.joined(separator: ", ")
      lines.append("Your barbecue: \(foods)")
    }
    lines.append("")
    if let board {
      let counts = PitItem.Stage.allCases.map { "\(board.count(in: $0)) \($0.title.lowercased())" }
      lines.append("Live pit (board #\(board.revision)): " + counts.joined(separator: ", "))
      let ready = board.items(in: .ready).map(\.name)
      lines.append("Ready now: " + (ready.isEmpty ? "nothing yet" : ready.joined(separator: ", ")))
    } else {
      lines.append("Live pit: loading...")
    }
    viewController.render(lines.joined(separator: "\n"), isLoading: board == nil)
  }
}
