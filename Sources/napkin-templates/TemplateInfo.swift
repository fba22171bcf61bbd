import Foundation

/// What a template's `TemplateInfo.plist` says about it: the options Xcode asks for, and which
/// of them choose a variant folder.
struct TemplateInfo {
  /// One option of the template, as Xcode shows it in the "new file" sheet.
  struct Option {
    /// The option's identifier: `___VARIABLE_<identifier>___` in the template's files.
    let identifier: String
    /// `text`, `popup`, `checkbox`, …: a popup's value names the folder of its variant.
    let type: String
    /// The value Xcode fills in, which may itself contain macros.
    let defaultValue: String?
    /// A popup's values.
    let values: [String]
    /// Whether Xcode requires a value.
    let isRequired: Bool
  }

  /// The template's options, in the order Xcode shows them.
  let options: [Option]

  /// Reads `TemplateInfo.plist` in `directory`.
  init(contentsOf directory: URL) throws {
    let url = directory.appendingPathComponent("TemplateInfo.plist")
    let data = try Data(contentsOf: url)
    guard
      let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        as? [String: Any]
    else {
      throw TemplateError("\(url.path) is not a dictionary")
    }
    let options = plist["Options"] as? [[String: Any]] ?? []
    self.options = try options.map { option in
      guard let identifier = option["Identifier"] as? String else {
        throw TemplateError("\(url.path): an option has no Identifier")
      }
      return Option(
        identifier: identifier, type: option["Type"] as? String ?? "text",
        defaultValue: option["Default"] as? String, values: option["Values"] as? [String] ?? [],
        isRequired: (option["Required"] as? String).map { $0 == "true" || $0 == "YES" }
          ?? (option["Required"] as? Bool ?? false))
    }
  }
}
