// napkin-mocks: generates NapkinTesting mocks from a module's symbol graph.
//
//   napkin-mocks --symbol-graph-dir DIR --module NAME --output DIR [--check] [--strict]
//                [--protocol NAME ...] [--exclude NAME ...] [--regenerate "COMMAND"]
//
// DIR holds NAME.symbols.json, as `swift build -Xswiftc -emit-symbol-graph
// -Xswiftc -emit-symbol-graph-dir -Xswiftc DIR` writes it. Without --protocol, every protocol of
// the module is mocked but those --exclude names and those whose doc comment has a line
// `napkin-mocks: exclude`. Files are written formatted with
// `swift format`. With --check nothing is written: the tool exits 1 with a diff when the files
// of the mocked protocols in the output directory differ from what it would write. Protocols it
// cannot mock are listed as warnings, each declaration with what to write by hand; with --strict
// they make it exit 2. Usage and I/O errors exit 3. The header of each file, and the hint of a
// stale check, say the command that regenerates it: --regenerate, or this command's own
// options.

import Foundation
import NapkinMocksGenerator

struct Options {
  var graphDirectory = ""
  var module = ""
  var output = ""
  var check = false
  var strict = false
  var protocols: [String] = []
  var excluded: [String] = []
  var regenerate: String?

  /// The command that writes what this one writes: its options but `--check`.
  var command: String {
    if let regenerate { return regenerate }
    var words = ["napkin-mocks", "--symbol-graph-dir", graphDirectory, "--module", module]
    words += ["--output", output]
    words += protocols.flatMap { ["--protocol", $0] } + excluded.flatMap { ["--exclude", $0] }
    if strict { words.append("--strict") }
    return words.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
  }
}

func fail(_ message: String, status: Int32 = 3) -> Never {
  FileHandle.standardError.write(Data("napkin-mocks: \(message)\n".utf8))
  exit(status)
}

func parse(_ arguments: [String]) -> Options {
  var options = Options()
  var iterator = arguments.makeIterator()
  func value(_ flag: String) -> String {
    guard let value = iterator.next() else { fail("\(flag) needs a value") }
    return value
  }
  while let argument = iterator.next() {
    switch argument {
    case "--symbol-graph-dir": options.graphDirectory = value(argument)
    case "--module": options.module = value(argument)
    case "--output": options.output = value(argument)
    case "--protocol": options.protocols.append(value(argument))
    case "--exclude": options.excluded.append(value(argument))
    case "--regenerate": options.regenerate = value(argument)
    case "--check": options.check = true
    case "--strict": options.strict = true
    default: fail("unknown argument \(argument)")
    }
  }
  guard !options.graphDirectory.isEmpty, !options.module.isEmpty, !options.output.isEmpty else {
    fail(
      "usage: napkin-mocks --symbol-graph-dir DIR --module NAME --output DIR [--check] "
        + "[--strict] [--protocol NAME ...] [--exclude NAME ...] [--regenerate COMMAND]")
  }
  return options
}

@discardableResult
func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [executable] + arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch { fail("cannot run \(executable): \(error)") }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
let graphURL = URL(fileURLWithPath: options.graphDirectory)
  .appendingPathComponent("\(options.module).symbols.json")
let graph: SymbolGraph
do {
  graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: graphURL))
} catch {
  fail("cannot read \(graphURL.path): \(error)")
}
let generator = MocksGenerator(graph: graph, regenerate: options.command)
// Left out by name, or by a `napkin-mocks: exclude` line in the protocol's doc comment.
let excluded = options.excluded + generator.excludedProtocolNames
let requested = (options.protocols.isEmpty ? generator.protocolNames : options.protocols)
  .filter { !excluded.contains($0) }
let result = generator.generate(requested)

// Written to a scratch directory and formatted there, then moved or compared.
let fileManager = FileManager.default
let scratch = fileManager.temporaryDirectory
  .appendingPathComponent("napkin-mocks-\(ProcessInfo.processInfo.processIdentifier)")
try? fileManager.removeItem(at: scratch)
do {
  try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
  for (name, source) in result.files {
    try Data(source.utf8).write(to: scratch.appendingPathComponent(name))
  }
} catch {
  fail("cannot write to \(scratch.path): \(error)")
}
defer { try? fileManager.removeItem(at: scratch) }
if !result.files.isEmpty {
  let formatted = run(
    "swift",
    ["format", "format", "--in-place"]
      + result.files.keys.sorted().map {
        scratch.appendingPathComponent($0).path
      })
  if formatted.status != 0 { fail("swift format failed on the generated files") }
}

let output = URL(fileURLWithPath: options.output)
var status: Int32 = 0
if options.check {
  // The files this run is responsible for: those of the requested protocols, and files this
  // tool generated for protocols it no longer mocks (with no --protocol: the whole module).
  let requestedFiles = Set(requested.map { "Mock\($0).swift" })
  let existing = Set(
    ((try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []).filter { name in
      guard name.hasPrefix("Mock"), name.hasSuffix(".swift") else { return false }
      if !options.protocols.isEmpty { return requestedFiles.contains(name) }
      let text = try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
      let left = excluded.contains { name == "Mock\($0).swift" }
      return !left && text?.hasPrefix("// Generated by napkin-mocks") == true
    })
  for name in existing.union(result.files.keys).sorted() {
    let checkedIn =
      options.output.hasSuffix("/") ? options.output + name : options.output + "/" + name
    let diff = run(
      "diff",
      [
        "-u", "--label", checkedIn, "--label", "generated: \(name)",
        output.appendingPathComponent(name).path, scratch.appendingPathComponent(name).path,
      ])
    if diff.status != 0 {
      let missing =
        fileManager.fileExists(atPath: output.appendingPathComponent(name).path)
        ? "\(checkedIn): no longer generated\n" : "\(checkedIn): missing\n"
      print(diff.output.isEmpty ? missing : diff.output, terminator: "")
      status = 1
    }
  }
  if status != 0 {
    FileHandle.standardError.write(
      Data(
        "napkin-mocks: the mocks in \(options.output) are stale; run `\(options.command)`\n".utf8))
  }
} else {
  do {
    try fileManager.createDirectory(at: output, withIntermediateDirectories: true)
    for name in result.files.keys.sorted() {
      let target = output.appendingPathComponent(name)
      try? fileManager.removeItem(at: target)
      try fileManager.copyItem(at: scratch.appendingPathComponent(name), to: target)
    }
  } catch {
    fail("cannot write to \(output.path): \(error)")
  }
  for name in result.shapes.keys.sorted() {
    print("Mock\(name).swift: \(result.shapes[name]!.rawValue)")
  }
}
let level = options.strict ? "error" : "warning"
for diagnostic in result.diagnostics {
  FileHandle.standardError.write(Data("napkin-mocks: \(level): not mocked: \(diagnostic)\n".utf8))
}
exit(status != 0 ? status : options.strict && !result.diagnostics.isEmpty ? 2 : 0)
