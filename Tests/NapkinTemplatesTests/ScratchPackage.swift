import Foundation

@testable import napkin_templates

/// A package's folders under the temporary directory (`Sources/App`, `Tests/AppTests`), for
/// running `new-napkin` on; removed when released.
final class ScratchPackage {
  /// The package's folder.
  let root: URL

  /// The folder of the `App` target's sources.
  var sources: URL { root.appendingPathComponent("Sources/App") }

  /// The folder of the `AppTests` target.
  var tests: URL { root.appendingPathComponent("Tests/AppTests") }

  /// Makes the folders, empty.
  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("napkin-templates-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Writes `text` to `path`, relative to the package's folder.
  func write(_ text: String, to path: String) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// The text of the file at `path`, relative to the package's folder.
  func contents(of path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every file in the package, by its path relative to the package's folder, sorted.
  func files() -> [String] {
    let prefix = root.standardizedFileURL.path + "/"
    let enumerator = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [String] = []
    while let url = enumerator?.nextObject() as? URL {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
      else { continue }
      files.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
    }
    return files.sorted()
  }

  /// `new-napkin <name> --target App --tests-target AppTests [--parent <parent>]` on this
  /// package, as the package command runs it, from the repository's own templates.
  func newNapkin(
    _ name: String, variant: String = "headless",
    targets: NapkinTargets = NapkinTargets(
      module: "App", moduleKind: .library, testsModule: "AppTests", testsKind: .test),
    force: Bool = false, parent: String? = nil
  ) -> NewNapkinCommand {
    NewNapkinCommand(
      name: name, variant: variant, sources: sources, tests: tests, targets: targets,
      renderer: TemplateRenderer(
        templatesDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("Templates/napkin"),
        environment: TemplateEnvironment(
          project: "Shop", user: "Ada", organization: nil, date: "1/2/26"
        ).values),
      writer: FileWriter(force: force), parent: parent)
  }

  /// Makes the changes `wiring` plans, as `scripts/apply-wiring.py` makes them from the printed
  /// text: each file's from its last line up, every line number of the file as it was.
  func apply(_ wiring: ParentWiring) throws {
    for (path, edits) in Dictionary(grouping: wiring.edits, by: \.path) {
      let url = URL(fileURLWithPath: path)
      var lines = try String(contentsOf: url, encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for edit in edits.sorted(by: { $0.line > $1.line }) {
        let index = edit.line - 1
        switch edit.kind {
        case .replace: lines.replaceSubrange(index...index, with: edit.lines)
        case .insertBefore: lines.insert(contentsOf: edit.lines, at: index)
        case .insertAfter: lines.insert(contentsOf: edit.lines, at: index + 1)
        }
      }
      try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }
  }
}
