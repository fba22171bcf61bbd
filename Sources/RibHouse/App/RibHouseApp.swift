import napkin

/// The Rib House, assembled: the real services, the window, and the napkin tree launched on it.
///
/// A host (the `ribhouse` command, a test) creates the app, ``launch()``es it, sends commands to
/// the screen on top with ``perform(_:)``, and awaits the state a step causes with
/// ``waitUntil(_:)`` and its shorthands, which follow the window's ``TextScreen/changes`` stream
/// and never poll or sleep. ``tick()`` and ``announce(_:)`` drive the pit.
///
/// Screens are presented only once their napkin is attached and loaded, and dismissed once it
/// is detached, so when a wait on the window returns, ``routerTreeText`` matches the screen.
///
/// Isolation: `@MainActor`; not `Sendable` beyond its global actor.
///
/// ```swift
/// let app = RibHouseApp()
/// await app.launch()
/// await app.waitForScreen(titled: LoggedOutNapkinPresenter.screenTitle)
/// await app.perform("login")?.value
/// await app.waitForScreen(titled: LoggedInNapkinPresenter.screenTitle)
/// print(app.screenText)
/// ```
@MainActor
public final class RibHouseApp {
  /// The account the app's ``AuthService`` signs in unless another one is given.
  public static let defaultAccount = User(
    name: "Smokey Joe", barbecueFoods: ["Brisket", "Pork spare ribs", "Burnt ends"])

  /// The app's sign-in service.
  public let authService: AuthService

  /// The app's pit, driven by ``ticker``.
  public let pitService: PitService

  /// The app's specials.
  public let specialsService: SpecialsService

  /// The pit's clock; nothing ticks unless ``tick()`` (or the ticker itself) is called.
  public let ticker: PitTicker

  /// The clock the ticker's ``PitTicker/run()`` and the napkins' retries wait on.
  public let clock: any Clock<Duration>

  /// The root screen, on which the napkins present their screens.
  public let window: TextScreen

  /// The root router, once launched.
  public private(set) var router: (any LaunchNapkinRouting)?

  private var isLaunched = false

  /// Creates the app with its real services, signed out; nothing runs until ``launch()``.
  ///
  /// - Parameters:
  ///   - account: The account a login signs in.
  ///   - board: The pit board at opening.
  ///   - specials: Today's specials.
  ///   - clock: The clock the ticker's ``PitTicker/run()`` and retries wait on.
  public init(
    account: User = RibHouseApp.defaultAccount, board: PitBoard = .opening,
    specials: [Special] = Special.todaysMenu, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.clock = clock
    ticker = PitTicker(clock: clock)
    authService = AuthService(account: account)
    pitService = PitService(board: board, ticker: ticker)
    specialsService = SpecialsService(specials: specials)
    window = TextScreen(title: "")
  }

  /// Builds the napkin tree and launches it; later calls do nothing.
  ///
  /// Returns once the root is active and loaded; the auth gate then routes asynchronously, so
  /// await the first screen with ``waitForScreen(titled:)``.
  public func launch() async {
    guard !isLaunched else { return }
    isLaunched = true
    let component = RibHouseComponent(
      authService: authService, pitService: pitService, specialsService: specialsService,
      clock: clock)
    let router = await LaunchNapkinBuilder(dependency: component).build(
      window: window, listener: nil)
    self.router = router
    await router.launch()
  }

  /// Everything on the window, bottom screen first.
  public var screenText: String {
    window.composedText
  }

  /// The router tree as indented type names, or "(not launched)".
  public var routerTreeText: String {
    router.map(RouterTreeRenderer.render) ?? "(not launched)"
  }

  /// The screen on top of the window.
  public var topScreen: TextScreen {
    window.topScreen
  }

  /// Whether no visible screen is waiting for data.
  public var isSettled: Bool {
    !window.visibleScreens.contains { $0.isLoading }
  }

  /// Whether a LoggedIn napkin, and so its Announcements child, is on screen to hear last calls.
  public var isListeningForLastCalls: Bool {
    window.visibleScreens.contains { $0.title == LoggedInNapkinPresenter.screenTitle }
  }

  /// Fires `command` on the screen on top and returns the task of the intent, or `nil` if that
  /// screen does not offer the command.
  ///
  /// Awaiting the task waits for the whole intent, routing included; screens may still be
  /// loading afterwards.
  @discardableResult
  public func perform(_ command: String) -> Task<Void, Never>? {
    topScreen.action(for: command)?.perform()
  }

  /// Suspends until `condition` holds, checking it now and after every change on the window.
  ///
  /// Returns early if the calling task is cancelled.
  public func waitUntil(_ condition: (RibHouseApp) -> Bool) async {
    for await _ in window.changes where condition(self) {
      return
    }
  }

  /// Suspends until the screen on top is titled `title` and no visible screen is loading.
  public func waitForScreen(titled title: String) async {
    await waitUntil { $0.topScreen.title == title && $0.isSettled }
  }

  /// Suspends until every visible screen showing a board shows board `revision` and no visible
  /// screen is loading.
  public func waitForBoard(revision: Int) async {
    await waitUntil { app in
      app.isSettled
        && app.window.visibleScreens.allSatisfy {
          !$0.body.contains("(board #") || $0.body.contains("(board #\(revision))")
        }
    }
  }

  /// Ticks the pit once and returns the board after the tick, already broadcast to every
  /// subscriber (the screens render it asynchronously; see ``waitForBoard(revision:)``).
  @discardableResult
  public func tick() async -> PitBoard {
    await ticker.tick()
    return await pitService.board
  }

  /// Announces `lastCall` on the pit; a LoggedIn screen shows it once its Announcements child
  /// owners it.
  public func announce(_ lastCall: LastCall) async {
    await pitService.announce(lastCall)
  }

  /// Detaches every napkin, deepest first, then deactivates the root.
  public func shutdown() async {
    guard let router else { return }
    await Self.detachDescendants(of: router)
    await router.interactable.deactivate()
  }

  private static func detachDescendants(of router: any Routing) async {
    for child in router.children.reversed() {
      await detachDescendants(of: child)
      await router.detachChild(child)
    }
  }
}
