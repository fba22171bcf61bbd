import NapkinTesting
import RibHouse
import Testing

/// The real napkin tree: `RibHouseApp` with its real services, driven as its terminal host does.
///
/// The real services feed their streams from outside NapkinTesting, so the tree cannot be settled;
/// each step awaits the state it causes on the window's change stream through a `WindowLog`
/// instead, so a state that never comes fails the test after a timeout, listing the states seen,
/// instead of hanging it. `LaunchTreeTests` runs the same tree on mock services and settles it.
@MainActor
@Suite(.napkinChecks)
struct IntegrationTests {

  // MARK: RibHouseApp, real services

  @Test func session_loginPitTickLastCallBackLogout() async throws {
    let app = RibHouseApp()
    let window = WindowLog(app)
    expectDeallocatedAtEnd(app)

    await app.launch()
    let loggedOut = try #require(await window.waitForScreen(LoggedOutNapkinPresenter.screenTitle))
    #expect(loggedOut.tree == ExpectedTree.loggedOut)

    let loggedIn = try #require(
      await window.perform("login", thenWaitFor: LoggedInNapkinPresenter.screenTitle))
    #expect(loggedIn.tree == ExpectedTree.loggedIn)
    #expect(loggedIn.text.contains("Welcome back, Smokey Joe!"))
    #expect(loggedIn.text.contains("Live pit (board #0)"))

    let pitBoard = try #require(
      await window.perform("pit", thenWaitFor: PitBoardNapkinPresenter.screenTitle))
    #expect(
      pitBoard.tree == """
        LaunchNapkinRouter
          LoggedInNapkinRouter
            AnnouncementsNapkinRouter
            PitBoardNapkinRouter
        """)
    #expect(pitBoard.text.contains("Ready: Burnt ends, Hot links"))
    #expect(pitBoard.text.contains("Brisket mac & cheese"))

    #expect(await app.tick().revision == 1)
    let ticked = try #require(
      await window.waitUntil {
        $0.text.contains("Live pit (board #1)") && $0.text.contains("The pit right now (board #1)")
      })
    #expect(ticked.text.contains("Resting: Brisket, Pulled pork"))

    await app.announce(.burntEnds)
    _ = try #require(
      await window.waitUntil { $0.text.contains(">> \(LastCall.burntEnds.message)") })

    let back = try #require(
      await window.perform("back", thenWaitFor: LoggedInNapkinPresenter.screenTitle))
    #expect(back.tree == ExpectedTree.loggedIn)
    #expect(!back.text.contains("The pit right now"))
    #expect(back.text.contains(">> \(LastCall.burntEnds.message)"))

    let loggedOutAgain = try #require(
      await window.perform("logout", thenWaitFor: LoggedOutNapkinPresenter.screenTitle))
    #expect(loggedOutAgain.tree == ExpectedTree.loggedOut)
    #expect(!loggedOutAgain.text.contains("Welcome back"))

    await app.shutdown()
    #expect(app.routerTreeText == "LaunchNapkinRouter")
    let root = try #require(app.router?.interactable)
    await expectBoundTasksCancelled(root)
    #expect(app.authService.userSubscriberCount == 0)
  }

  @Test func loginThroughTheService_routesTheTree_withoutATap() async throws {
    let app = RibHouseApp()
    let window = WindowLog(app)
    await app.launch()
    _ = try #require(await window.waitForScreen(LoggedOutNapkinPresenter.screenTitle))

    _ = try await app.authService.login()

    let loggedIn = try #require(await window.waitForScreen(LoggedInNapkinPresenter.screenTitle))
    #expect(loggedIn.tree == ExpectedTree.loggedIn)
    await app.shutdown()
  }
}

/// What a window showed at one moment: the top screen, whether every visible screen was settled,
/// the text, and the router tree.
struct WindowState: Sendable, CustomStringConvertible {
  let top: String
  let isSettled: Bool
  let text: String
  let tree: String

  var description: String {
    "\(top)\(isSettled ? "" : " (loading)"): \(tree.split(separator: "\n").joined(separator: ","))"
  }
}

/// Records a `WindowState` after every change on a window, so a test awaits a state with a
/// timeout. It holds the window and the tree weakly, and stops when the window is released.
@MainActor
final class WindowLog {
  let states = CallRecorder<WindowState>("WindowLog", exhaustive: false)
  private weak var window: TextScreen?
  private let tree: @MainActor () -> String?

  init(_ window: TextScreen, tree: @escaping @MainActor () -> String?) {
    self.window = window
    self.tree = tree
    let changes = window.changes
    Task { [weak self] in
      for await _ in changes { self?.recordState() }
    }
  }

  convenience init(_ app: RibHouseApp) {
    self.init(app.window) { [weak app] in app?.routerTreeText }
  }

  /// Fires `command` on the top screen, awaits the intent, then the screen titled `title` on top
  /// and settled.
  func perform(
    _ command: String, thenWaitFor title: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> WindowState? {
    let intent = perform(command, fileID: fileID, filePath: filePath, line: line, column: column)
    guard let intent else { return nil }
    await intent.value
    return await waitForScreen(
      title, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fires `command` on the top screen and returns the intent's task, or records an issue.
  func perform(
    _ command: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Task<Void, Never>? {
    let top = window?.topScreen
    if let action = top?.action(for: command) { return action.perform() }
    Issue.record(
      "The \(top?.title ?? "released") screen does not offer '\(command)'.",
      sourceLocation: SourceLocation(
        fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    return nil
  }

  /// Awaits the screen titled `title` on top, with no visible screen loading.
  func waitForScreen(
    _ title: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> WindowState? {
    await waitUntil(fileID: fileID, filePath: filePath, line: line, column: column) {
      $0.top == title && $0.isSettled
    }
  }

  /// Awaits a state matching `predicate`: the current one or a later one, never an earlier one.
  /// Returns `nil` after a timeout, which is reported at the caller's line.
  func waitUntil(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ predicate: @escaping @Sendable (WindowState) -> Bool
  ) async -> WindowState? {
    states.reset()
    recordState()
    guard
      await states.waitForCall(
        where: predicate, fileID: fileID, filePath: filePath, line: line, column: column)
    else { return nil }
    return states.all.last(where: predicate)
  }

  private func recordState() {
    guard let window else { return }
    states.record(
      WindowState(
        top: window.topScreen.title, isSettled: !window.visibleScreens.contains(where: \.isLoading),
        text: window.composedText, tree: tree() ?? "(no tree)"))
  }
}
