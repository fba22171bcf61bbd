import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-mocks --target <Module>
/// [--output <dir>] [--check] [--protocol <Name> ...]`: generates NapkinTesting mocks for a
/// target's protocols from its symbol graph, with napkin-mocks.
///
/// The symbol graph comes from the package manager (internal declarations included, so internal
/// protocols are mocked through `@testable import`). Mocks go to `Tests/<Module>Tests/GeneratedMocks`
/// unless `--output` says otherwise. With `--check` nothing is written: the command fails with a
/// diff when the mocks there are stale.
@main
struct GenerateMocks: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targets = extractor.extractOption(named: "target")
    let output = extractor.extractOption(named: "output").last
    let protocols = extractor.extractOption(named: "protocol")
    let check = extractor.extractFlag(named: "check") > 0
    guard let name = targets.last, targets.count == 1 else {
      throw GenerateMocksError(
        "usage: swift package generate-mocks --target <Module> [--output <dir>] [--check] "
          + "[--protocol <Name> ...]")
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
    var toolArguments = [
      "--symbol-graph-dir", graph.directoryURL.path, "--module", name, "--output", directory,
      "--regenerate",
      "swift package --allow-writing-to-package-directory generate-mocks --target \(name)",
    ]
    toolArguments += protocols.flatMap { ["--protocol", $0] }
    if check { toolArguments.append("--check") }
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
