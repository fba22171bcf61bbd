import Foundation

/// Writes a template's files into a folder, never over an existing file unless forced: a
/// second run with the same name changes nothing and says why.
struct FileWriter {
  /// A file and the path it is written to.
  typealias Destination = (url: URL, file: TemplateRenderer.File)

  /// Whether existing files are replaced.
  let force: Bool

  /// Where `files` go in `directory`, and `more` in `otherDirectory`.
  static func destinations(
    _ files: [TemplateRenderer.File], into directory: String,
    and more: [TemplateRenderer.File] = [], into otherDirectory: String? = nil
  ) -> [Destination] {
    files.map { (URL(fileURLWithPath: directory).appendingPathComponent($0.name), $0) }
      + more.map {
        (URL(fileURLWithPath: otherDirectory ?? directory).appendingPathComponent($0.name), $0)
      }
  }

  /// Writes `files` into `directory`, and `more` into `otherDirectory`: all of them or, when
  /// one exists already, none.
  func write(
    _ files: [TemplateRenderer.File], into directory: String,
    and more: [TemplateRenderer.File] = [], into otherDirectory: String? = nil
  ) throws {
    try write(Self.destinations(files, into: directory, and: more, into: otherDirectory))
  }

  /// Writes every file to its path: all of them or, when one exists already, none.
  func write(_ planned: [Destination]) throws {
    if !force {
      let existing = planned.map(\.url.path).filter { FileManager.default.fileExists(atPath: $0) }
      guard existing.isEmpty else {
        throw TemplateError(
          "not overwriting \(existing.joined(separator: ", ")): "
            + (existing.count == 1 ? "it exists" : "they exist")
            + " already; pass --force to replace them, losing their edits")
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
