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
    let process = Process()
    process.executableURL = try context.tool(named: "napkin-templates").url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NewNapkinError("napkin-templates exited with \(process.terminationStatus)")
    }
  }
}

/// A failure of the command, with what to do.
struct NewNapkinError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
