import Foundation

/// The macros Xcode fills from the project and the machine rather than from the template's
/// options: the project's name, who created the file and when.
struct TemplateEnvironment {
  /// Macro name (`PROJECTNAME`) to value.
  let values: [String: String]

  init(project: String, user: String?, organization: String?, date: String?) {
    let now = Date()
    let year = Calendar(identifier: .gregorian).component(.year, from: now)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "M/d/yy"
    let user =
      user ?? ProcessInfo.processInfo.environment["USER"]
      ?? ProcessInfo.processInfo.environment["LOGNAME"] ?? "napkin"
    let organization = organization ?? user
    values = [
      "PROJECTNAME": project,
      "PROJECTNAMEASIDENTIFIER": MacroExpander.identifier(project),
      "PACKAGENAME": project,
      "PACKAGENAMEASIDENTIFIER": MacroExpander.identifier(project),
      "TARGETNAME": project,
      "FULLUSERNAME": user,
      "USERNAME": user,
      "ORGANIZATIONNAME": organization,
      "DATE": date ?? formatter.string(from: now),
      "YEAR": "\(year)",
      "COPYRIGHT": "Copyright © ___YEAR___ ___ORGANIZATIONNAME___. All rights reserved.",
    ]
  }
}
