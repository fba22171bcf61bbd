import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-napkin <Name> --target <Module>
/// [--variant headless|uikit|appkit|swiftui] [--tests-target <TestModule>] [--parent <Parent>]
/// [--force]`: writes a napkin (builder, interactor, router, presenter protocol and its view)
/// into `<target's directory>/<Name>/`, and its tests, which pass as created, into the test
/// target's directory. With `--parent`, it also writes the child's service and the parent's
/// component extension, and prints the changes to the parent's files that attach the child.
///
/// The files come from the Xcode templates in napkin's `Templates/napkin`, through
/// napkin-templates, so the package command and the Xcode templates write the same napkin. The
/// tests go to `--tests-target`'s directory, else to `<Module>Tests`'s, else to
/// `Tests/<Module>Tests`. The command passes napkin-templates what the package says the targets
/// are, which refuses, writing nothing, a `--target` that is a test target and a
/// `--tests-target` that is missing or is not one. No file is overwritten unless `--force` is
/// given, and then only the napkin's own files (`NewNapkin.help` says which).
@main
struct NewNapkin: CommandPlugin {
  /// What `new-napkin --help` prints.
  static let help = """
    new-napkin: writes a napkin (builder, interactor, router, presenter protocol and view) into
    <target's directory>/<Name>/, and its Swift Testing tests, which pass as created, into
    <TestModule>'s directory as <Name>Tests.swift.

    \(usage)

      <Name>          the napkin's name, which prefixes its types and files: a Swift type name,
                      such as Checkout (letters, digits and _, starting with an uppercase letter)
      --target        the library or executable target the napkin belongs in
      --variant       the view: headless (the default), uikit, appkit or swiftui
      --tests-target  the test target for its tests (default: <Module>Tests if the package has
                      it, else the folder Tests/<Module>Tests)
      --parent        the napkin this one is attached to, in <target's directory>/<Parent>/: also
                      writes <Name>/<Name>Service.swift (the child's live service) and
                      <Parent>/<Parent>Component+<Name>.swift (the parent's component as the
                      child's dependency), and prints the changes to <Parent>'s router,
                      interactor and tests that attach the child: each names a line of the file
                      as it is, and gives the Swift to put there (scripts/apply-wiring.py in
                      napkin makes them from the printed text). It edits none of <Parent>'s files.
      --force         replace the napkin's own files if they exist (<Name>/<Name>*.swift,
                      <Name>Tests.swift and, with --parent, the component extension), losing any
                      edits in them. Without --force, no file is ever overwritten. No other file
                      is touched, and every check below applies.

    It writes nothing when a check fails: a name that is not a type name, or whose files' names
    would be longer than 255 bytes; a --target that is a test target; a --tests-target that is
    missing or is not a test target; a --parent that is not a napkin of the target (no folder
    <Parent>, or no <Parent>Router.swift, <Parent>Interactor.swift or <Parent>Builder.swift
    declaring <Parent>Component in it) or is the napkin itself; or a type the napkin or its tests
    would declare that the target or the test target declares already (a textual scan of its
    .swift files).
    """

  /// The command's arguments.
  static let usage = """
    usage: swift package --allow-writing-to-package-directory new-napkin <Name> --target <Module>
             [--variant headless|uikit|appkit|swiftui] [--tests-target <TestModule>]
             [--parent <Parent>] [--force]
    """

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(Self.help)
      return
    }
    var extractor = ArgumentExtractor(arguments)
    let targetName = extractor.extractOption(named: "target").last
    let testsTargetName = extractor.extractOption(named: "tests-target").last
    let variant = extractor.extractOption(named: "variant").last ?? "headless"
    let parent = extractor.extractOption(named: "parent").last
    let force = extractor.extractFlag(named: "force") > 0
    let names = extractor.remainingArguments
    guard let targetName, let name = names.first, names.count == 1 else {
      throw NewNapkinError("\(Self.usage)\n`new-napkin --help` describes each option and check")
    }
    let package = context.package
    let target = package.targets.first { $0.name == targetName }
    let testsName = testsTargetName ?? "\(targetName)Tests"
    let tests = package.targets.first { $0.name == testsName }
    // A target the package does not have gets a folder it would have, which napkin-templates
    // refuses before writing into it.
    let sourcesDirectory =
      target?.directoryURL ?? package.directoryURL.appendingPathComponent("Sources/\(targetName)")
    let testsDirectory =
      tests?.directoryURL ?? package.directoryURL.appendingPathComponent("Tests/\(testsName)")
    var toolArguments = [
      "new-napkin", name, "--module", targetName, "--module-kind", kind(of: target), "--variant",
      variant, "--sources", sourcesDirectory.path, "--tests", testsDirectory.path, "--project",
      package.displayName,
    ]
    if tests != nil || testsTargetName != nil {
      toolArguments += ["--tests-module", testsName, "--tests-kind", kind(of: tests)]
    }
    if let parent { toolArguments += ["--parent", parent] }
    if force { toolArguments.append("--force") }
    try runTool(context.tool(named: "napkin-templates").url, toolArguments)
  }
}

/// What napkin-templates' `--module-kind` and `--tests-kind` call `target`: `absent` when the
/// package has no such target, `other` when it does not compile Swift.
func kind(of target: (any Target)?) -> String {
  guard let target else { return "absent" }
  guard let module = target as? SwiftSourceModuleTarget else { return "other" }
  if module.kind == .test { return "test" }
  if module.kind == .executable { return "executable" }
  return "library"
}

/// Runs napkin-templates with `arguments`; when it exits non-zero, fails with what it said (why
/// it refused, and what to do), else with its status.
func runTool(_ tool: URL, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = tool
  process.arguments = arguments
  let errors = Pipe()
  process.standardError = errors
  try process.run()
  let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    var message = said.trimmingCharacters(in: .whitespacesAndNewlines)
    if message.hasPrefix("napkin-templates: ") {
      message.removeFirst("napkin-templates: ".count)
    }
    throw NewNapkinError(
      message.isEmpty ? "napkin-templates exited with \(process.terminationStatus)" : message)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project: `<Name> --module <Module> --sources <dir> --tests <dir>
  /// [--variant headless|uikit|appkit|swiftui] [--parent <Parent>] [--force]`. An Xcode target has no folder of its
  /// own, so the command is told where the napkin and its tests go; relative paths are the
  /// project directory's. The name, file-name and declared-name checks apply as in a package
  /// (the targets' kinds are not known); `--force` replaces the napkin's own files, and without
  /// it no file is overwritten. Not compiled outside Xcode (`make templates-check` compiles it
  /// against a stand-in).
  extension NewNapkin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let module = extractor.extractOption(named: "module").last
      let sources = extractor.extractOption(named: "sources").last
      let tests = extractor.extractOption(named: "tests").last
      let variant = extractor.extractOption(named: "variant").last ?? "headless"
      let parent = extractor.extractOption(named: "parent").last
      let force = extractor.extractFlag(named: "force") > 0
      let names = extractor.remainingArguments
      guard let module, let sources, let tests, let name = names.first, names.count == 1 else {
        throw NewNapkinError(
          "usage: <Name> --module <Module> --sources <dir> --tests <dir> "
            + "[--variant headless|uikit|appkit|swiftui] [--parent <Parent>] [--force]")
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
        ] + (parent.map { ["--parent", $0] } ?? []) + (force ? ["--force"] : []))
    }
  }
#endif
