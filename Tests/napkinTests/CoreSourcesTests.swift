import Foundation
import Testing

/// napkin ships in apps: its sources hold no test machinery beyond the one observer seam, and stay
/// small enough to read in a sitting.
@Suite struct CoreSourcesTests {
  /// The package's `Sources/napkin`, found from this file.
  private static let root = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Sources/napkin")

  /// Every Swift file of napkin, by its path under `Sources/napkin`.
  private static func sources() throws -> [(path: String, text: String)] {
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var found: [(String, String)] = []
    while let url = files?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      let path = String(
        url.path(percentEncoded: false).dropFirst(root.path(percentEncoded: false).count))
      found.append(
        (
          path.hasPrefix("/") ? String(path.dropFirst()) : path,
          try String(contentsOf: url, encoding: .utf8)
        ))
    }
    return found.sorted { $0.0 < $1.0 }
  }

  /// The lines that are code: neither blank nor a comment.
  private static func code(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      let trimmed = line.drop { $0 == " " }
      return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
  }

  @Test func sources_declareNoTestMachinery() throws {
    let sources = try Self.sources()
    #expect(sources.count > 20, "found no sources at \(Self.root.path())")
    // What settling, the clock and the explorer need lives in NapkinTesting.
    let forbidden = [
      ": TaskExecutor", "ExecutorJob", "JobRunner", "park", "vouch", "idleWaiter",
      "settlesWhenQuiet", "waitUntilIdle", "confirm", "TaskLocal", "BoundTaskDescription",
    ]
    for (path, text) in sources {
      for line in Self.code(text) {
        for word in forbidden where line.localizedCaseInsensitiveContains(word) {
          Issue.record("Sources/napkin/\(path) holds test machinery (\(word)): \(line)")
        }
      }
    }
  }

  @Test func sources_stayWithinTheirSize() throws {
    let sources = try Self.sources()
    let total = sources.reduce(0) { $0 + Self.code($1.text).count }
    #expect(total <= 700, "Sources/napkin has \(total) lines of code")
    let lifecycle = [
      "Interactor/InteractorLifecycle.swift", "Internal/LifecycleState.swift",
      "Internal/LifecycleStorage.swift",
    ]
    let lifecycleLines = sources.filter { lifecycle.contains($0.path) }
      .reduce(0) { $0 + Self.code($1.text).count }
    #expect(lifecycleLines > 0)
    #expect(lifecycleLines <= 220, "the lifecycle has \(lifecycleLines) lines of code")
  }
}
