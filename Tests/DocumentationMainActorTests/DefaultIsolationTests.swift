// The other files of this target are symbolic links to Tests/DocumentationTests: the articles'
// code, compiled again with the main actor as the default isolation.

import Foundation
import Testing

/// Compiles only where the default isolation is the main actor: an unannotated function calls a
/// main-actor one synchronously.
private func callsTheMainActorSynchronously() -> Bool {
  isOnTheMainActor()
}

@MainActor private func isOnTheMainActor() -> Bool {
  true
}

@Suite struct DefaultIsolationTests {
  @Test func thisTargetsDefaultIsolation_isTheMainActor() {
    #expect(callsTheMainActorSynchronously())
  }

  @Test func everyArticleTestFile_isCompiledHereToo() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let articles = here.deletingLastPathComponent().appendingPathComponent("DocumentationTests")
    let files = FileManager.default
    let names = try files.contentsOfDirectory(atPath: articles.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!names.isEmpty)
    for name in names {
      let link = try? files.destinationOfSymbolicLink(
        atPath: here.appendingPathComponent(name).path)
      #expect(
        link == "../DocumentationTests/\(name)",
        "link it: ln -s ../DocumentationTests/\(name) Tests/DocumentationMainActorTests/")
    }
  }
}
