// napkin-mocks: generates NapkinTesting mocks from a module's symbol graph.
//
//   napkin-mocks --symbol-graph-dir DIR --module NAME --output DIR [--check]
//                [--protocol NAME ...] [--regenerate "COMMAND"]
//
// DIR holds NAME.symbols.json, as `swift build -Xswiftc -emit-symbol-graph
// -Xswiftc -emit-symbol-graph-dir -Xswiftc DIR` writes it. Without --protocol, every protocol of
// the module is mocked. Files are written formatted with `swift format`. With --check nothing is
// written: the tool exits 1 with a diff when the files in the output directory differ from what
// it would write. Protocols it cannot mock are listed, each declaration with what to write by
// hand, and make it exit 2.

import Foundation
import NapkinMocksGenerator

struct Options {
  var graphDirectory = ""
  var module = ""
  var output = ""
  var check = false
  var protocols: [String] = []
  var regenerate = "napkin-mocks"
}

func fail(_ message: String, status: Int32 = 2) -> Never {
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
    case "--regenerate": options.regenerate = value(argument)
    case "--check": options.check = true
    default: fail("unknown argument \(argument)")
    }
  }
  guard !options.graphDirectory.isEmpty, !options.module.isEmpty, !options.output.isEmpty else {
    fail(
      "usage: napkin-mocks --symbol-graph-dir DIR --module NAME --output DIR [--check] "
        + "[--protocol NAME ...] [--regenerate COMMAND]")
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
let generator = MocksGenerator(graph: graph, regenerate: options.regenerate)
let result = generator.generate(
  options.protocols.isEmpty ? generator.protocolNames : options.protocols)

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
  let existing = Set(
    ((try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []).filter {
      $0.hasPrefix("Mock") && $0.hasSuffix(".swift")
    })
  for name in existing.union(result.files.keys).sorted() {
    let diff = run(
      "diff",
      [
        "-u", "--label", "checked in: \(name)", "--label", "generated: \(name)",
        output.appendingPathComponent(name).path, scratch.appendingPathComponent(name).path,
      ])
    if diff.status != 0 {
      print(diff.output.isEmpty ? "\(name): missing or extra" : diff.output, terminator: "")
      status = 1
    }
  }
  if status != 0 {
    FileHandle.standardError.write(
      Data(
        "napkin-mocks: the mocks in \(output.path) are stale; run `\(options.regenerate)`\n".utf8))
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
for diagnostic in result.diagnostics {
  FileHandle.standardError.write(Data("napkin-mocks: not mocked: \(diagnostic)\n".utf8))
}
exit(result.diagnostics.isEmpty ? status : 2)
