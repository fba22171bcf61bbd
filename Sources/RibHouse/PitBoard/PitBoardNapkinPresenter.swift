public import napkin

/// Renders the pit board screen as text: items grouped by stage, then today's specials.
///
/// The screen is loading until it has shown a board and either the specials or their failure.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class PitBoardNapkinPresenter: Presenter<TextScreen>, PitBoardNapkinPresentable {
  /// The state of today's specials on the screen.
  ///
  /// Isolation: a value type; `Sendable`.
  public enum SpecialsState: Equatable, Sendable {
    /// Not loaded yet.
    case loading
    /// Loaded.
    case loaded([Special])
    /// Failed to load, with the message shown.
    case failed(String)
  }

  /// The title of the pit board screen.
  public static let screenTitle = "Pit board"

  /// Where taps go; held weakly (the interactor owns the presenter).
  public weak var listener: (any PitBoardNapkinPresentableListener)?

  /// The board shown, once one arrived.
  public private(set) var board: PitBoard?

  /// The specials shown.
  public private(set) var specials: SpecialsState = .loading

  /// Creates the presenter and renders the loading screen into `viewController`.
  public override init(
    viewController: TextScreen = TextScreen(title: PitBoardNapkinPresenter.screenTitle)
  ) {
    super.init(viewController: viewController)
    viewController.setActions([
      TextAction(command: "back", title: "Back") { [weak self] in self?.tapBack() ?? Task {} }
    ])
    render()
  }

  /// Shows `board`, its items grouped by stage.
  public func presentBoard(_ board: PitBoard) {
    self.board = board
    render()
  }

  /// Shows today's specials.
  public func presentSpecials(_ specials: [Special]) {
    self.specials = .loaded(specials)
    render()
  }

  /// Shows that today's specials could not be loaded.
  public func presentSpecialsFailure(message: String) {
    specials = .failed(message)
    render()
  }

  /// Simulates a tap on "Back": tells the listener, and returns the task doing so.
  @discardableResult
  public func tapBack() -> Task<Void, Never> {
    let listener = self.listener
    return dispatch { await listener?.didTapBack() }
  }

  private func render() {
    var lines: [String] = []
    if let board {
      lines.append("The pit right now (board #\(board.revision)):")
      for group in board.groupedByStage {
        lines.append("  \(group.stage.title): " + group.items.map(\.name).joined(separator: ", "))
      }
    } else {
      lines.append("Loading the pit...")
    }
    lines.append("")
    switch specials {
    case .loading:
      lines.append("Loading today's specials...")
    case .loaded(let specials) where specials.isEmpty:
      lines.append("No specials today.")
    case .loaded(let specials):
      lines.append("Today's specials:")
      lines += specials.map { "  \($0.name) (\($0.detail)), \($0.formattedPrice)" }
    case .failed(let message):
      lines.append("Today's specials are unavailable: \(message)")
    }
    viewController.render(
      lines.joined(separator: "\n"), isLoading: board == nil || specials == .loading)
  }
}
