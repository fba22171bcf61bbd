import RibHouse

/// Drives a ``RibHouseApp`` from the terminal: the scripted session and the interactive one.
///
/// Every step awaits the state it causes (a screen on top, a board revision, a banner) on the
/// app's change stream, so the output is the same on every run.
///
/// Isolation: `@MainActor`, like the app it drives.
@MainActor
final class DemoSession {
  /// Screen commands the interactive session knows, with their help text.
  static let screenCommands: [(command: String, help: String)] = [
    ("login", "log in (login screen)"),
    ("pit", "open the pit board (logged-in screen)"),
    ("back", "close the pit board (pit board screen)"),
    ("logout", "log out (logged-in screen)"),
  ]

  /// Session commands the interactive session knows, with their help text.
  static let sessionCommands: [(command: String, help: String)] = [
    ("tick", "advance the pit clock one tick"),
    ("lastcall", "announce a last call (heard while logged in)"),
    ("show", "print the screen and the router tree again"),
    ("help", "list the commands"),
    ("quit", "end the session"),
  ]

  let app: RibHouseApp
  private var lastCallCount = 0

  init(app: RibHouseApp) {
    self.app = app
  }

  // MARK: Scripted

  /// Runs the scripted session; returns `false` (after saying why) if a step was impossible.
  func runScript() async -> Bool {
    await app.launch()
    await app.waitForScreen(titled: LoggedOutNapkinPresenter.screenTitle)
    show("1. Launch: the auth gate finds no user and shows the login screen")

    guard await screenCommand("login", expecting: LoggedInNapkinPresenter.screenTitle) else {
      return false
    }
    show("2. login: logged in, with the live pit summary")

    for tick in 1...2 {
      let board = await app.tick()
      await app.waitForBoard(revision: board.revision)
      show("3.\(tick) The pit ticks: the summary follows board #\(board.revision)")
    }

    guard await screenCommand("pit", expecting: PitBoardNapkinPresenter.screenTitle) else {
      return false
    }
    show("4. pit: the pit board, grouped by stage, with today's specials")

    let lastCall = LastCall(itemName: "Burnt ends", portionsLeft: 4)
    await app.announce(lastCall)
    await app.waitUntil { $0.screenText.contains(lastCall.message) }
    show("5. The pit announces a last call: Announcements owners it to the logged-in screen")

    guard await screenCommand("back", expecting: LoggedInNapkinPresenter.screenTitle) else {
      return false
    }
    show("6. back: the pit board is closed")

    guard await screenCommand("logout", expecting: LoggedOutNapkinPresenter.screenTitle) else {
      return false
    }
    show("7. logout: back to the login screen")

    await app.shutdown()
    print("Session over.")
    return true
  }

  /// Fires `command` on the top screen and waits for `title` to be on top and settled.
  private func screenCommand(_ command: String, expecting title: String) async -> Bool {
    guard let intent = app.perform(command) else {
      print("error: the \(app.topScreen.title) screen does not offer '\(command)'")
      return false
    }
    await intent.value
    await app.waitForScreen(titled: title)
    return true
  }

  // MARK: Interactive

  /// Reads commands from `lines` until `quit` or the end of input.
  func runInteractive(lines: AsyncStream<String>) async {
    await app.launch()
    await app.waitForScreen(titled: LoggedOutNapkinPresenter.screenTitle)
    print("Rib House interactive session. Type 'help' for the commands.")
    show("Launch")
    for await line in lines {
      let command = line.trimmingCharacters(in: " \t\r")
      if command.isEmpty { continue }
      print("> \(command)")
      if command == "quit" || command == "exit" {
        print("Goodbye.")
        await app.shutdown()
        return
      }
      await handle(command)
    }
    print("End of input. Goodbye.")
    await app.shutdown()
  }

  private func handle(_ command: String) async {
    switch command {
    case "help":
      printHelp()
    case "show":
      show(command)
    case "tick":
      let board = await app.tick()
      await app.waitForBoard(revision: board.revision)
      show(command)
    case "lastcall":
      guard app.isListeningForLastCalls else {
        print("Nobody is listening for last calls: log in first.")
        return
      }
      let lastCall = nextLastCall()
      await app.announce(lastCall)
      await app.waitUntil { $0.screenText.contains(lastCall.message) }
      show(command)
    case _ where Self.screenCommands.contains { $0.command == command }:
      guard let intent = app.perform(command) else {
        let available = app.topScreen.actions.map(\.command).joined(separator: ", ")
        print(
          "'\(command)' is not available on the \(app.topScreen.title) screen. "
            + "Available here: \(available).")
        return
      }
      await intent.value
      await app.waitUntil(\.isSettled)
      show(command)
    default:
      print("Unknown command '\(command)'. Type 'help' for the list of commands.")
    }
  }

  private func printHelp() {
    print("Commands:")
    for (command, help) in Self.screenCommands + Self.sessionCommands {
      print("  \(command.padding(to: 9))\(help)")
    }
    let available = app.topScreen.actions.map(\.command).joined(separator: ", ")
    print("On this screen: \(available)")
  }

  /// A last call whose banner is not on screen yet, so its arrival is observable.
  private func nextLastCall() -> LastCall {
    let items = ["Burnt ends", "Hot links", "Pulled pork", "Brisket", "Pork spare ribs"]
    while true {
      lastCallCount += 1
      let lastCall = LastCall(
        itemName: items[lastCallCount % items.count], portionsLeft: 1 + lastCallCount % 6)
      if !app.screenText.contains(lastCall.message) { return lastCall }
    }
  }

  // MARK: Output

  private func show(_ title: String) {
    print("=== \(title) ===")
    print(app.screenText)
    print("Router tree:")
    print(app.routerTreeText.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))
    print()
  }
}

extension String {
  /// The string trimmed of the given characters at both ends.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    var trimmed = Substring(self)
    while let first = trimmed.first, characters.contains(first) { trimmed.removeFirst() }
    while let last = trimmed.last, characters.contains(last) { trimmed.removeLast() }
    return String(trimmed)
  }

  /// The string padded with spaces to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
