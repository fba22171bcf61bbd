import Foundation
import RibHouse

// `ribhouse` runs the scripted Rib House session; `ribhouse --interactive` reads commands.
let arguments = CommandLine.arguments.dropFirst()
let session = DemoSession(app: RibHouseApp())

if arguments.contains("--help") || arguments.contains("-h") {
  print("usage: ribhouse [--interactive]")
  print("  Without arguments, runs a scripted session; with --interactive, reads commands")
  print("  (login, pit, back, logout, tick, lastcall, show, help, quit) from standard input.")
} else if arguments == ["--interactive"] {
  await session.runInteractive(lines: StandardInput.lines())
} else if arguments.isEmpty {
  if !(await session.runScript()) { exit(1) }
} else {
  FileHandle.standardError.write(Data("ribhouse: unknown arguments; try --help\n".utf8))
  exit(2)
}
