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
    try runTool(context.tool(named: "napkin-mocks").url, toolArguments)
  }
}

/// Runs napkin-mocks with `arguments`; fails when it exits non-zero, naming its status.
func runTool(_ tool: URL, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = tool
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw GenerateMocksError("napkin-mocks exited with \(process.terminationStatus)")
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project: `--symbol-graph-dir <dir> --target <Module> [--output <dir>]`, then the
  /// options of the package command. Xcode gives a plugin no symbol graph, so the target's build
  /// settings emit one (`-emit-symbol-graph -emit-symbol-graph-dir <dir>`, see "Generating
  /// Mocks"); relative paths are the project directory's. Not compiled outside Xcode.
  extension GenerateMocks: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let graphs = extractor.extractOption(named: "symbol-graph-dir").last
      let name = extractor.extractOption(named: "target").last
      let output = extractor.extractOption(named: "output").last
      guard let graphs, let name else {
        throw GenerateMocksError(
          "usage: --symbol-graph-dir <dir> --target <Module> [--output <dir>] [--check] "
            + "[--strict] [--protocol <Name> ...] [--exclude <Name> ...]")
      }
      let project = context.xcodeProject.directoryURL
      func path(_ relative: String) -> String {
        URL(fileURLWithPath: relative, relativeTo: project).path
      }
      try runTool(
        context.tool(named: "napkin-mocks").url,
        [
          "--symbol-graph-dir", path(graphs), "--module", name, "--output",
          path(output ?? "\(name)Tests/GeneratedMocks"),
        ] + extractor.remainingArguments)
    }
  }
#endif

/// A failure of the command, with what to do.
struct GenerateMocksError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
