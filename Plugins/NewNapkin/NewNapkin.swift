import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-napkin <Name> --target <Module>
/// [--variant headless|uikit|appkit|swiftui] [--tests-target <TestModule>] [--force]`: writes a
/// napkin (builder, interactor, router, presenter protocol and its view) into
/// `<target's directory>/<Name>/`, and its tests, which pass as created, into the test target's
/// directory.
///
/// The files come from the Xcode templates in napkin's `Templates/napkin`, through
/// napkin-templates, so the package command and the Xcode templates write the same napkin. The
/// tests go to `--tests-target`'s directory, else to `<Module>Tests`'s, else to
/// `Tests/<Module>Tests`. Nothing is overwritten without `--force`.
@main
struct NewNapkin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetName = extractor.extractOption(named: "target").last
    let testsTargetName = extractor.extractOption(named: "tests-target").last
    let variant = extractor.extractOption(named: "variant").last ?? "headless"
    let force = extractor.extractFlag(named: "force") > 0
    let names = extractor.remainingArguments
    guard let targetName, let name = names.first, names.count == 1 else {
      throw NewNapkinError(
        "usage: swift package --allow-writing-to-package-directory new-napkin <Name> "
          + "--target <Module> [--variant headless|uikit|appkit|swiftui] "
          + "[--tests-target <TestModule>] [--force]")
    }
    guard let target = try context.package.targets(named: [targetName]).first else {
      throw NewNapkinError("no target named \(targetName) in \(context.package.displayName)")
    }
    let testsName = testsTargetName ?? "\(targetName)Tests"
    let testsDirectory: URL
    if let tests = context.package.targets.first(where: { $0.name == testsName }) {
      testsDirectory = tests.directoryURL
    } else if testsTargetName != nil {
      throw NewNapkinError("no test target named \(testsName) in \(context.package.displayName)")
    } else {
      testsDirectory = context.package.directoryURL.appendingPathComponent("Tests/\(testsName)")
    }
    var toolArguments = [
      "new-napkin", name, "--module", targetName, "--variant", variant,
      "--sources", target.directoryURL.path, "--tests", testsDirectory.path,
      "--project", context.package.displayName,
    ]
    if force { toolArguments.append("--force") }
    try runTool(context.tool(named: "napkin-templates").url, toolArguments)
  }
}

/// Runs napkin-templates with `arguments`; fails when it exits non-zero, naming its status.
func runTool(_ tool: URL, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = tool
  process.arguments = arguments
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw NewNapkinError("napkin-templates exited with \(process.terminationStatus)")
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project: `<Name> --module <Module> --sources <dir> --tests <dir>
  /// [--variant headless|uikit|appkit|swiftui] [--force]`. An Xcode target has no folder of its
  /// own, so the command is told where the napkin and its tests go; relative paths are the
  /// project directory's. Not compiled outside Xcode (`make templates-check` compiles it against
  /// a stand-in).
  extension NewNapkin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let module = extractor.extractOption(named: "module").last
      let sources = extractor.extractOption(named: "sources").last
      let tests = extractor.extractOption(named: "tests").last
      let variant = extractor.extractOption(named: "variant").last ?? "headless"
      let force = extractor.extractFlag(named: "force") > 0
      let names = extractor.remainingArguments
      guard let module, let sources, let tests, let name = names.first, names.count == 1 else {
        throw NewNapkinError(
          "usage: <Name> --module <Module> --sources <dir> --tests <dir> "
            + "[--variant headless|uikit|appkit|swiftui] [--force]")
      }
      let project = context.xcodeProject.directoryURL
      func path(_ relative: String) -> String {
        URL(fileURLWithPath: relative, relativeTo: project).path
      }
      try runTool(
        context.tool(named: "napkin-templates").url,
        [
          "new-napkin", name, "--module", module, "--variant", variant, "--sources",
          path(sources), "--tests", path(tests), "--project", context.xcodeProject.displayName,
        ] + (force ? ["--force"] : []))
    }
  }
#endif

/// A failure of the command, with what to do.
struct NewNapkinError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
