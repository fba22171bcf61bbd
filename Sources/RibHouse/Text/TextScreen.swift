public import napkin

/// A platform-neutral view: a titled block of text, the actions it offers, and the screens
/// presented on top of it.
///
/// Presenters ``render(_:isLoading:)`` their state into a screen; routers ``present(_:)`` and
/// ``dismiss(_:)`` child screens, the way a view controller presents another. The root screen of
/// the app is its window: ``composedText`` renders it and every presented screen, bottom to top,
/// and ``changes`` yields that text whenever anything on it changes, so a host awaits a state
/// instead of sleeping.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor. ``changes`` is `nonisolated`.
///
/// ```swift
/// let screen = TextScreen(title: "Logged out")
/// screen.render("Welcome to the Rib House.")
/// print(screen.text)
/// ```
@MainActor
public final class TextScreen: ViewControllable {
  /// The screen's title, shown in its frame; an empty title and body make a bare container.
  public let title: String

  /// The latest rendered body text.
  public private(set) var body: String

  /// Whether the presenter is still waiting for data it is about to render.
  public private(set) var isLoading: Bool

  /// The actions the screen offers, in display order.
  public private(set) var actions: [TextAction] = []

  /// The views presented on top of this screen, bottom to top.
  public private(set) var presentedViews: [any ViewControllable] = []

  /// The screen this one is presented on, if any.
  public private(set) weak var presentingScreen: TextScreen?

  private let broadcaster: Broadcaster<String>

  /// Creates a screen.
  ///
  /// - Parameters:
  ///   - title: The title shown in the screen's frame; leave it and `body` empty for a window.
  ///   - body: The initial body text.
  ///   - isLoading: Whether the screen starts out waiting for data.
  public init(title: String, body: String = "", isLoading: Bool = false) {
    self.title = title
    self.body = body
    self.isLoading = isLoading
    broadcaster = Broadcaster(replaying: "")
    broadcaster.send(composedText)
  }

  /// Replaces the body text and the loading flag, then notifies every ``changes`` subscriber of
  /// this screen and of the screens it is presented on.
  public func render(_ body: String, isLoading: Bool = false) {
    self.body = body
    self.isLoading = isLoading
    didChange()
  }

  /// Replaces the actions the screen offers.
  public func setActions(_ actions: [TextAction]) {
    self.actions = actions
    didChange()
  }

  /// The action for `command`, if this screen offers it.
  public func action(for command: String) -> TextAction? {
    actions.first { $0.command == command }
  }

  /// Presents `view` on top of this screen; presenting it again does nothing.
  ///
  /// A ``TextScreen`` presented elsewhere moves here. Another kind of view (a test double, say)
  /// is kept and shown by its type name.
  public func present(_ view: any ViewControllable) {
    guard !presentedViews.contains(where: { $0 === view }) else { return }
    if let screen = view as? TextScreen {
      screen.presentingScreen?.dismiss(screen)
      screen.presentingScreen = self
    }
    presentedViews.append(view)
    didChange()
  }

  /// Dismisses `view` if it is presented on this screen.
  public func dismiss(_ view: any ViewControllable) {
    guard let index = presentedViews.firstIndex(where: { $0 === view }) else { return }
    presentedViews.remove(at: index)
    if let screen = view as? TextScreen { screen.presentingScreen = nil }
    didChange()
  }

  /// This screen's own section: its framed title, body and actions.
  public var text: String {
    guard !title.isEmpty || !body.isEmpty || !actions.isEmpty else { return "" }
    var lines = ["┌─ \(title) " + String(repeating: "─", count: max(3, 56 - title.count))]
    lines += body.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "│" : "│ \($0)"
    }
    if !actions.isEmpty {
      lines.append("│")
      lines.append("│ " + actions.map { "[\($0.command)] \($0.title)" }.joined(separator: "   "))
    }
    lines.append("└" + String(repeating: "─", count: 60))
    return lines.joined(separator: "\n")
  }

  /// This screen and every screen presented on it, depth first, bottom to top.
  public var visibleScreens: [TextScreen] {
    [self] + presentedViews.flatMap { ($0 as? TextScreen)?.visibleScreens ?? [] }
  }

  /// The screen on top: the last of ``visibleScreens``.
  public var topScreen: TextScreen {
    visibleScreens.last ?? self
  }

  /// This screen's ``text`` followed by that of every view presented on it.
  public var composedText: String {
    let sections =
      [text]
      + presentedViews.map { view in
        (view as? TextScreen)?.composedText ?? "[\(type(of: view))]"
      }
    let nonEmpty = sections.filter { !$0.isEmpty }
    return nonEmpty.isEmpty ? "(nothing on screen)" : nonEmpty.joined(separator: "\n")
  }

  /// A stream of ``composedText``: the current text first, then the text after every change of
  /// this screen or of a screen presented on it.
  ///
  /// Each access returns an independent stream; it unsubscribes when its consumer stops.
  public nonisolated var changes: AsyncStream<String> {
    broadcaster.stream()
  }

  private func didChange() {
    var screen: TextScreen? = self
    while let current = screen {
      current.broadcaster.send(current.composedText)
      screen = current.presentingScreen
    }
  }
}
