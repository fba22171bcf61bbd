/// Expands Xcode's text macros (`___FILEHEADER___`, `___VARIABLE_productName___`, …) the way
/// Xcode does when it creates files from a template, so that the files a template check or the
/// package command writes are the files Xcode writes.
///
/// A macro Xcode would not know, or one this expander does not, is an error rather than text
/// left in a file: a template must not depend on a macro the checks cannot expand.
struct MacroExpander {
  /// Xcode's default file header (without an `IDETemplateMacros.plist`), which a template puts
  /// after `//`: `//___FILEHEADER___`.
  static let fileHeader =
    "\n//  ___FILENAME___\n//  ___PACKAGENAME___\n//\n//  Created by ___FULLUSERNAME___ on "
    + "___DATE___.\n//  ___COPYRIGHT___\n//"

  /// The values of the macros that do not depend on the file: `PROJECTNAME`, `DATE`,
  /// `VARIABLE_productName`, ….
  var values: [String: String]

  /// Expands every macro in `text`, for the file named `fileName`.
  func expand(_ text: String, fileName: String) throws -> String {
    var values = self.values
    let baseName = fileName.split(separator: ".", omittingEmptySubsequences: false).dropLast()
      .joined(separator: ".")
    values["FILENAME"] = fileName
    values["FILEBASENAME"] = baseName.isEmpty ? fileName : baseName
    values["FILEBASENAMEASIDENTIFIER"] = Self.identifier(values["FILEBASENAME"] ?? "")
    values["FILEHEADER"] = Self.fileHeader
    return try Self.expand(text, values: values, depth: 0)
  }

  /// Expands the macros in a file name: Xcode puts the name the user typed (the product name)
  /// where a template's file name says `___FILEBASENAME___`.
  func expandFileName(_ name: String) throws -> String {
    var values = self.values
    values["FILEBASENAME"] = values["VARIABLE_productName"]
    return try Self.expand(name, values: values, depth: 0)
  }

  /// `name` with every character that cannot be in a Swift identifier replaced by `_`, as
  /// Xcode's `:identifier` modifier and `…ASIDENTIFIER` macros do.
  static func identifier(_ name: String) -> String {
    var result = String(
      name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if let first = result.first, first.isNumber { result = "_" + result }
    return result
  }

  private static func expand(_ text: String, values: [String: String], depth: Int) throws
    -> String
  {
    guard depth < 8 else { throw TemplateError("macros nest too deeply in: \(text)") }
    var result = ""
    var rest = Substring(text)
    while let start = rest.firstRange(of: "___") {
      result += rest[..<start.lowerBound]
      let afterStart = rest[start.upperBound...]
      guard let end = afterStart.firstRange(of: "___") else {
        throw TemplateError("an unterminated macro in: \(rest.prefix(80))")
      }
      let name = afterStart[..<end.lowerBound]
      guard !name.isEmpty,
        name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" })
      else {
        throw TemplateError("a malformed macro in: \(rest.prefix(80))")
      }
      let parts = name.split(separator: ":", maxSplits: 1)
      let key = String(parts[0])
      guard let raw = values[key] else {
        throw TemplateError("unknown macro ___\(name)___ (no value for \(key))")
      }
      var value = try expand(raw, values: values, depth: depth + 1)
      if parts.count == 2 {
        switch parts[1] {
        case "identifier", "c99ExtIdentifier": value = identifier(value)
        default: throw TemplateError("unsupported macro modifier in ___\(name)___")
        }
      }
      result += value
      rest = afterStart[end.upperBound...]
    }
    result += rest
    return result
  }
}
