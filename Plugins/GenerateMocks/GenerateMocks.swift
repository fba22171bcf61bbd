import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-mocks --target <Module>
/// [--output <dir>] [--check] [--strict] [--protocol <Name> ...] [--exclude <Name> ...]`:
/// generates NapkinTesting mocks for a target's protocols from its symbol graph, with
/// napkin-mocks.
///
/// The symbol graph comes from the package manager (internal declarations included, so internal
/// protocols are mocked through `@testable import`). Mocks go to `Tests/<Module>Tests/GeneratedMocks`
/// unless `--output` says otherwise. With `--check` nothing is written: the command fails with a
/// diff when the mocks there are stale. What cannot be mocked is a warning, an error with
/// `--strict`. The command fails when napkin-mocks exits non-zero, naming its status.
@main
struct GenerateMocks: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targets = extractor.extractOption(named: "target")
    let output = extractor.extractOption(named: "output").last
    let protocols = extractor.extractOption(named: "protocol")
    let excluded = extractor.extractOption(named: "exclude")
    let check = extractor.extractFlag(named: "check") > 0
    let strict = extractor.extractFlag(named: "strict") > 0
    guard let name = targets.last, targets.count == 1 else {
      throw GenerateMocksError(
        "usage: swift package generate-mocks --target <Module> [--output <dir>] [--check] "
          + "[--strict] [--protocol <Name> ...] [--exclude <Name> ...]")
    }
    guard let target = try context.package.targets(named: [name]).first else {
      throw GenerateMocksError("no target named \(name)")
    }
    let graph = try packageManager.getSymbolGraph(
      for: target, options: .init(minimumAccessLevel: .internal))
    let directory =
      output.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL).path }
      ?? context.package.directoryURL.appendingPathComponent("Tests/\(name)Tests/GeneratedMocks")
      .path
    // The command the files' header and a stale check name: this one, with its options.
    var regenerate = [
      "swift", "package", "--allow-writing-to-package-directory", "generate-mocks", "--target",
      name,
    ]
    if let output { regenerate += ["--output", output] }
    regenerate +=
      protocols.flatMap { ["--protocol", $0] } + excluded.flatMap { ["--exclude", $0] }
    if strict { regenerate.append("--strict") }
    var toolArguments = [
      "--symbol-graph-dir", graph.directoryURL.path, "--module", name, "--output", directory,
      "--regenerate",
      regenerate.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "),
    ]
    toolArguments += protocols.flatMap { ["--protocol", $0] }
    toolArguments += excluded.flatMap { ["--exclude", $0] }
    if check { toolArguments.append("--check") }
    if strict { toolArguments.append("--strict") }
    let process = Process()
    process.executableURL = try context.tool(named: "napkin-mocks").url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw GenerateMocksError("napkin-mocks exited with \(process.terminationStatus)")
    }
  }
}

/// A failure of the command, with what to do.
struct GenerateMocksError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
