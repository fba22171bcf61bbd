import Foundation

/// The napkin a new napkin is attached to (`--parent`): its folder in the module's sources, the
/// files new-napkin or the napkin templates wrote for it, and its tests' file, if any.
///
/// ```swift
/// let parent = try ParentNapkin(name: "Checkout", child: "Cart", module: "Shop", sources: url, tests: url)
/// parent.router.lastPathComponent  // "CheckoutRouter.swift"
/// ```
struct ParentNapkin {
  /// The parent's name, which prefixes its types and files.
  let name: String
  /// Its folder: `<sources>/<name>`.
  let folder: URL
  /// `<name>Router.swift`, which declares its interactable, routing and router.
  let router: URL
  /// `<name>Interactor.swift`, which declares its interactor.
  let interactor: URL
  /// `<name>Builder.swift`, which declares its component.
  let builder: URL
  /// `<tests>/<name>Tests.swift`: its tests, where its mock router is.
  let tests: URL

  /// The parent `name` of the napkin `child` in `module`, whose sources are in `sources` and
  /// tests in `tests`; fails, saying what to do, unless it is a napkin of the module other than
  /// the child, with its router, interactor and builder, and its component declared.
  init(name: String, child: String, module: String, sources: URL, tests: URL) throws {
    try NapkinName.check(name, role: "the parent's name")
    guard name != child else {
      throw TemplateError(
        "--parent \(name) names the napkin itself: name another napkin of the module, the one "
          + "\(child) is attached to")
    }
    self.name = name
    folder = sources.appendingPathComponent(name)
    router = folder.appendingPathComponent("\(name)Router.swift")
    interactor = folder.appendingPathComponent("\(name)Interactor.swift")
    builder = folder.appendingPathComponent("\(name)Builder.swift")
    self.tests = tests.appendingPathComponent("\(name)Tests.swift")
    let write =
      "write it first (new-napkin \(name) --target \(module)), or name the napkin "
      + "\(child) is attached to with --parent"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw TemplateError(
        "there is no napkin \(name) in \(module): no folder \(folder.path); \(write)")
    }
    let missing = [router, interactor, builder].filter {
      !FileManager.default.fileExists(atPath: $0.path)
    }
    guard missing.isEmpty else {
      throw TemplateError(
        "the napkin \(name) in \(folder.path) has no "
          + missing.map(\.lastPathComponent).joined(separator: ", ")
          + ": --parent names a napkin written by new-napkin or the napkin templates, whose "
          + "router, interactor and builder are in \(name)Router.swift, \(name)Interactor.swift "
          + "and \(name)Builder.swift; \(write)")
    }
    let builderText = try String(contentsOf: builder, encoding: .utf8)
    guard Declaration.all(in: builderText).contains(where: { $0.name == "\(name)Component" })
    else {
      throw TemplateError(
        "\(builder.path) declares no \(name)Component: \(name)Component+\(child).swift extends "
          + "it and would not compile; declare \(name)'s component there, as new-napkin writes "
          + "it")
    }
  }
}
