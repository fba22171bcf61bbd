/// The check that a napkin's files can be created: a file system takes at most 255 bytes in one
/// name (one component of a path), and the napkin's name is part of every file name it writes.
enum FileNameLimit {
  /// The most bytes (UTF-8) a file name can have, on the file systems of macOS and Linux.
  static let bytes = 255

  /// Fails if a name in `fileNames` (the napkin's folder, its files and its tests' file) is
  /// longer than `bytes`, naming the longest and the longest napkin name that would fit.
  static func check(_ fileNames: [String], napkin name: String) throws {
    guard let longest = fileNames.max(by: { $0.utf8.count < $1.utf8.count }),
      longest.utf8.count > bytes
    else { return }
    let rest = longest.hasPrefix(name) ? String(longest.dropFirst(name.count)) : longest
    throw TemplateError(
      "the napkin's name is too long: its longest file name, the name and \"\(rest)\", would be "
        + "\(longest.utf8.count) bytes, and a file name has at most \(bytes); use a name of at "
        + "most \(bytes - rest.utf8.count) bytes")
  }

  /// Fails if a name in `fileNames`, which `what` is (named from two napkins' names), is longer
  /// than `bytes`.
  static func check(_ fileNames: [String], of what: String) throws {
    guard let longest = fileNames.first(where: { $0.utf8.count > bytes }) else { return }
    throw TemplateError(
      "\(what), \(longest), would be \(longest.utf8.count) bytes, and a file name has at most "
        + "\(bytes): use shorter names for the napkin or its parent")
  }
}
