import Foundation

/// A declaration, in a target's sources, of a name a new napkin would declare too: the module
/// would declare it twice and not compile.
struct NameClash: Hashable, Comparable {
  /// The name declared twice.
  let name: String
  /// The file that declares it already.
  let path: String
  /// The line it is declared on, from 1.
  let line: Int

  /// The declarations of `names` in the `.swift` files under `directory` (hidden ones and the
  /// files in `skipped`, which are about to be replaced, aside), by file and line; none if
  /// `directory` does not exist.
  static func find(_ names: Set<String>, under directory: URL, skipping skipped: Set<String>)
    throws -> [NameClash]
  {
    guard FileManager.default.fileExists(atPath: directory.path),
      let files = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    var clashes: [NameClash] = []
    while let url = files.nextObject() as? URL {
      let path = url.standardizedFileURL.path
      guard url.pathExtension == "swift", !skipped.contains(path),
        try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true
      else { continue }
      let text = try String(contentsOf: url, encoding: .utf8)
      clashes += Declaration.all(in: text).filter { names.contains($0.name) }.map {
        NameClash(name: $0.name, path: path, line: $0.line)
      }
    }
    return clashes.sorted()
  }

  static func < (lhs: NameClash, rhs: NameClash) -> Bool {
    (lhs.path, lhs.line, lhs.name) < (rhs.path, rhs.line, rhs.name)
  }
}
