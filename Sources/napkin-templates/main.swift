import Foundation

// napkin-templates: writes files from the Xcode templates in Templates/napkin, expanding their
// macros as Xcode does. `make templates-check` instantiates every template with it, and the
// `new-napkin` package command writes a napkin and its tests with it: one source for all three.

let usage = """
  usage: napkin-templates list
         napkin-templates render <template> --output <dir> [--option <id>=<value> ...]
         napkin-templates new-napkin <Name> --module <Module> --sources <dir> --tests <dir>
           [--variant headless|uikit|appkit|swiftui] [--parent <Parent>]
           [--module-kind <kind>] [--tests-module <TestModule> --tests-kind <kind>]
  common options: [--templates <dir>] [--project <name>] [--user <name>]
    [--organization <name>] [--date <text>] [--force]
  <kind>: library, executable, test, other (not Swift) or absent (no such target).
  new-napkin writes nothing if a check fails: the name, its files' names' length, the targets'
  kinds, the names the napkin declares against the .swift files under --sources and --tests.
  --force replaces the files the command writes if they exist; without it, none is replaced.
  --parent <Parent>: the napkin in <dir>/<Parent> the new one is attached to; also writes the
  child's service and <Parent>Component+<Name>.swift, and prints the changes to <Parent>'s files
  that attach it (scripts/apply-wiring.py makes them).
  """

do {
  var arguments = CommandLineArguments(Array(CommandLine.arguments.dropFirst()))
  guard let command = arguments.positional() else { throw TemplateError(usage) }
  let templates =
    arguments.option("templates").map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Templates/napkin")
  let project = arguments.option("project")
  let writer = FileWriter(force: arguments.flag("force"))
  let environment = TemplateEnvironment(
    project: project ?? "App", user: arguments.option("user"),
    organization: arguments.option("organization"), date: arguments.option("date"))
  let renderer = TemplateRenderer(templatesDirectory: templates, environment: environment.values)

  switch command {
  case "list":
    try arguments.finish()
    for name in try renderer.templateNames() {
      let options = try renderer.info(of: name).options.map { option in
        option.values.isEmpty
          ? option.identifier : "\(option.identifier)=\(option.values.joined(separator: "|"))"
      }
      print("\(name): \(options.joined(separator: ", "))")
    }
  case "render":
    guard let name = arguments.positional(), let output = arguments.option("output") else {
      throw TemplateError(usage)
    }
    var options: [String: String] = [:]
    for pair in arguments.options("option") {
      guard let equals = pair.firstIndex(of: "=") else {
        throw TemplateError("--option takes <identifier>=<value>, not \(pair)")
      }
      options[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    try arguments.finish()
    try writer.write(try renderer.render(name, options: options), into: output)
  case "new-napkin":
    guard let name = arguments.positional(), let module = arguments.option("module"),
      let sources = arguments.option("sources"), let tests = arguments.option("tests")
    else {
      throw TemplateError(usage)
    }
    let variant = arguments.option("variant") ?? "headless"
    let parent = arguments.option("parent")
    let targets = NapkinTargets(
      module: module,
      moduleKind: try TargetKind.parse(arguments.option("module-kind"), option: "module-kind"),
      testsModule: arguments.option("tests-module"),
      testsKind: try TargetKind.parse(arguments.option("tests-kind"), option: "tests-kind"))
    try arguments.finish()
    let wiring = try NewNapkinCommand(
      name: name, variant: variant, sources: URL(fileURLWithPath: sources),
      tests: URL(fileURLWithPath: tests), targets: targets, renderer: renderer, writer: writer,
      parent: parent
    ).run()
    if let wiring { print("\n\(wiring.description)") }
  default:
    throw TemplateError(usage)
  }
} catch {
  FileHandle.standardError.write(Data("napkin-templates: \(error)\n".utf8))
  exit(1)
}
