import Foundation

/// Writes a template's files into a folder, never over an existing file unless forced: a
/// second run with the same name changes nothing and says why.
struct FileWriter {
  /// Whether existing files are replaced.
  let force: Bool

  /// Writes `files` into `directory`, and `more` into `otherDirectory`: all of them or, when
  /// one exists already, none.
  func write(
    _ files: [TemplateRenderer.File], into directory: String,
    and more: [TemplateRenderer.File] = [], into otherDirectory: String? = nil
  ) throws {
    let planned =
      files.map { (URL(fileURLWithPath: directory).appendingPathComponent($0.name), $0) }
      + more.map {
        (URL(fileURLWithPath: otherDirectory ?? directory).appendingPathComponent($0.name), $0)
      }
    if !force {
      let existing = planned.map(\.0.path).filter { FileManager.default.fileExists(atPath: $0) }
      guard existing.isEmpty else {
        throw TemplateError(
          "not overwriting \(existing.joined(separator: ", ")) (use --force to replace)")
      }
    }
    for (url, file) in planned {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.contents.utf8).write(to: url)
      print("wrote \(url.path)")
    }
  }
}
