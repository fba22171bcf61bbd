import DeepCutAtlas
import Testing

// Deliberately not @MainActor: the models and their conformances are nonisolated, so generic
// Sendable code on background executors may use them (a @MainActor conformance would not build).
@Suite struct ModelIsolationTests {
  private static func equalOffMain<T: Equatable & Sendable>(_ a: T, _ b: T) async -> Bool {
    await Task.detached { a == b }.value
  }

  private static func distinctOffMain<T: Hashable & Sendable>(_ values: [T]) async -> Int {
    await Task.detached { Set(values).count }.value
  }

  @Test func valueTypes_compareOnABackgroundExecutor() async {
    let track = Fixtures.tracks(1...1)[0]
    #expect(
      await Self.equalOffMain(
        Page(number: 1, items: [track], hasMore: false),
        .init(number: 1, items: [track], hasMore: false)))
    #expect(await Self.equalOffMain(LoadState.failed("x"), .failed("x")))
    #expect(await Self.equalOffMain(Toast.failure("x"), .failure("x")))
    #expect(await Self.equalOffMain(LibraryError.offline, .offline))
    #expect(await Self.equalOffMain(Fixtures.john, Fixtures.john))
  }

  @Test func identifiableModels_hashOnABackgroundExecutor() async {
    #expect(await Self.distinctOffMain(Fixtures.tracks(1...3) + Fixtures.tracks(1...3)) == 3)
    #expect(await Self.distinctOffMain(Fixtures.artists) == 2)
    #expect(await Self.distinctOffMain([Playlist(id: "p", name: "P", trackIDs: [])]) == 1)
  }
}
