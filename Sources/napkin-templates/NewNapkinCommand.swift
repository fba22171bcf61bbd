import Foundation

/// `napkin-templates new-napkin`: writes a napkin into `<sources>/<name>/` and its tests into
/// `tests`, after every check has passed, so that a refused napkin writes no file.
///
/// It refuses a name that is not a type name, or whose file names the file system would not
/// take; a module that is a test target, and a tests' target that is not one; and a name the
/// napkin would declare that the module or the tests' target declares already (`--force` or
/// not). Without `--force` it also refuses to replace any of the napkin's files.
///
/// With a parent (`--parent Checkout`), it also writes the child's live service
/// (`<name>/<name>Service.swift`) and the parent's component extension
/// (`Checkout/CheckoutComponent+<name>.swift`), after checking that the parent is a napkin of
/// the module, and returns the changes to the parent's files that attach the child, for the
/// user to make.
struct NewNapkinCommand {
  /// The napkin's name, as given: it prefixes every type and file.
  let name: String
  /// headless, uikit, appkit or swiftui, in any case.
  let variant: String
  /// The folder of the module's sources.
  let sources: URL
  /// The folder the tests go into.
  let tests: URL
  /// The module and the tests' target, and what the package says they are.
  let targets: NapkinTargets
  /// The templates the files come from.
  let renderer: TemplateRenderer
  /// Writes the files, replacing existing ones only if forced.
  let writer: FileWriter
  /// The napkin it is attached to (`--parent`), if any.
  let parent: String?

  /// Checks the name, the targets, the parent and the names the napkin declares, then writes
  /// the napkin and its tests (and, with a parent, the child's service and the parent's
  /// component extension); returns what attaches it to its parent, if it has one.
  @discardableResult
  func run() throws -> ParentWiring? {
    try NapkinName.check(name)
    try targets.check()
    let parentNapkin = try parent.map {
      try ParentNapkin(
        name: $0, child: name, module: targets.module, sources: sources, tests: tests)
    }
    var feature = try renderer.render(
      "napkin", options: ["productName": name, "variant": variant])
    let featureTests = try renderer.render(
      "napkin Unit Tests", options: ["productName": name, "moduleName": targets.module])
    var planned: [FileWriter.Destination] = []
    if let parentNapkin {
      feature += try renderer.render("Service", options: ["productName": name])
      let componentExtension = try renderer.render(
        "Component Extension", options: ["productName": parentNapkin.name, "childName": name])
      try FileNameLimit.check(
        componentExtension.map(\.name), of: "the parent's component extension")
      planned += FileWriter.destinations(componentExtension, into: parentNapkin.folder.path)
    }
    try FileNameLimit.check([name] + (feature + featureTests).map(\.name), napkin: name)
    planned =
      FileWriter.destinations(
        feature, into: sources.appendingPathComponent(name).path, and: featureTests,
        into: tests.path) + planned
    try checkNamesAreFree(
      feature: declaredNames(feature), tests: declaredNames(featureTests),
      skipping: Set(planned.map(\.url.standardizedFileURL.path)))
    let wiring = try parentNapkin.map { try ParentWiring(parent: $0, child: name) }
    try writer.write(planned)
    return wiring
  }

  /// Fails, listing each clash by file and line, if the module or the tests' target declares a
  /// name the napkin's files would, or the tests' target one its tests would. The files in
  /// `skipped` are the napkin's own, which `--force` replaces.
  private func checkNamesAreFree(
    feature: Set<String>, tests testNames: Set<String>, skipping skipped: Set<String>
  ) throws {
    let clashes = Set(
      try NameClash.find(feature, under: sources, skipping: skipped)
        + NameClash.find(feature.union(testNames), under: tests, skipping: skipped)
    ).sorted()
    guard !clashes.isEmpty else { return }
    throw TemplateError(
      "\(name) would declare names that are declared already, and the module would not "
        + "compile: rename the napkin, or rename or remove these declarations (--force does not "
        + "skip this check):\n"
        + clashes.map { "  \($0.path):\($0.line): \($0.name)" }.joined(separator: "\n"))
  }

  /// The names `files` declare at file scope.
  private func declaredNames(_ files: [TemplateRenderer.File]) -> Set<String> {
    Set(
      files.flatMap { Declaration.all(in: $0.contents) }.filter { $0.indentation == 0 }.map(\.name))
  }
}
