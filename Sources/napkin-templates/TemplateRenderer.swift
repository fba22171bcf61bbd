import Foundation

/// Instantiates one `.xctemplate` the way Xcode's "new file" sheet does: fills the options,
/// picks the variant folder the popups name, and expands the macros in names and contents.
struct TemplateRenderer {
  /// A file the template creates.
  struct File {
    /// Its name, macros expanded: `CheckoutInteractor.swift`.
    let name: String
    /// Its contents, macros expanded.
    let contents: String
  }

  /// The folder of templates, the one the install script copies: `Templates/napkin`.
  let templatesDirectory: URL
  /// The values of the macros that are not options: `PROJECTNAME`, `DATE`, ….
  let environment: [String: String]

  /// The templates in the folder, by name (`napkin`, `Launch napkin`, …).
  func templateNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: templatesDirectory.path)
      .filter { $0.hasSuffix(".xctemplate") }
      .map { String($0.dropLast(".xctemplate".count)) }
      .sorted()
  }

  /// The options of the template named `name`.
  func info(of name: String) throws -> TemplateInfo {
    try TemplateInfo(contentsOf: directory(of: name))
  }

  /// The files the template named `name` creates with `options` (identifier to value; a popup's
  /// value may be given in any case).
  func render(_ name: String, options given: [String: String]) throws -> [File] {
    let directory = try directory(of: name)
    let info = try TemplateInfo(contentsOf: directory)
    var values = environment
    let known = Set(info.options.map(\.identifier))
    if let unknown = given.keys.first(where: { !known.contains($0) }) {
      throw TemplateError(
        "the \(name) template has no option \(unknown); it has "
          + info.options.map(\.identifier).joined(separator: ", "))
    }
    var variant = ""
    for option in info.options {
      var value = given[option.identifier]
      if value == nil, let defaultValue = option.defaultValue {
        value = try MacroExpander(values: values).expand(defaultValue, fileName: "")
      }
      guard let value, !value.isEmpty || !option.isRequired else {
        throw TemplateError("the \(name) template needs a value for \(option.identifier)")
      }
      var chosen = value
      if option.type == "popup" {
        guard let match = option.values.first(where: { $0.lowercased() == value.lowercased() })
        else {
          throw TemplateError(
            "\(option.identifier) of the \(name) template is one of "
              + option.values.joined(separator: ", ") + ", not \(value)")
        }
        chosen = match
        variant += match
      }
      values["VARIABLE_\(option.identifier)"] = chosen
    }
    let source = variant.isEmpty ? directory : directory.appendingPathComponent(variant)
    let expanded = MacroExpander(values: values)
    let names = try FileManager.default.contentsOfDirectory(atPath: source.path)
      .filter { $0.hasSuffix(".swift") }
      .sorted()
    guard !names.isEmpty else {
      throw TemplateError("the \(name) template has no files in \(source.path)")
    }
    return try names.map { templateName in
      let fileName = try expanded.expandFileName(templateName)
      // Reading through the URL follows a variant's symbolic link to the file it shares.
      let text = try String(
        contentsOf: source.appendingPathComponent(templateName), encoding: .utf8)
      return File(name: fileName, contents: try expanded.expand(text, fileName: fileName))
    }
  }

  private func directory(of name: String) throws -> URL {
    let directory = templatesDirectory.appendingPathComponent("\(name).xctemplate")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      let names = (try? templateNames())?.joined(separator: ", ") ?? "none"
      throw TemplateError(
        "no template \(name) in \(templatesDirectory.path) (templates: \(names))")
    }
    return directory
  }
}
