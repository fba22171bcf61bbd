import DeepCutAtlas
import Testing

// Deliberately not @MainActor: chunked(into:) is nonisolated, so calling it off the main actor
// is safe (without that annotation, calling it from these tests would trap).
@Suite struct ChunkedTests {
  @Test func empty_givesNoChunks() {
    #expect([Int]().chunked(into: 3) == [])
  }

  @Test func exactMultiple_givesFullChunks() {
    #expect([1, 2, 3, 4, 5, 6].chunked(into: 3) == [[1, 2, 3], [4, 5, 6]])
  }

  @Test func remainder_goesInAShorterLastChunk() {
    #expect([1, 2, 3, 4, 5].chunked(into: 2) == [[1, 2], [3, 4], [5]])
  }

  @Test func sizeLargerThanCount_givesOneChunk() {
    #expect(["a", "b"].chunked(into: 10) == [["a", "b"]])
  }

  @Test func sizeOne_givesOneElementPerChunk() {
    #expect([7, 8, 9].chunked(into: 1) == [[7], [8], [9]])
  }

  @Test func chunksConcatenate_backToTheArray() {
    let array = Array(0..<103)
    for size in 1...110 {
      #expect(array.chunked(into: size).flatMap { $0 } == array, "size \(size)")
    }
  }

  @Test func fromDetachedTasksOnBackgroundExecutors_doesNotTrap() async {
    let results = await withTaskGroup(of: [[Int]].self) { group in
      for _ in 0..<8 {
        group.addTask { Array(1...10).chunked(into: 4) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    let detached = await Task.detached { [1, 2, 3].chunked(into: 2) }.value

    #expect(results.count == 8)
    #expect(results.allSatisfy { $0 == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]] })
    #expect(detached == [[1, 2], [3]])
  }

  // A size below 1 is a precondition failure (documented on chunked(into:)); checked in a child
  // process, so the trap cannot take this runner down.
  @Test func sizeZero_isAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      _ = [1, 2, 3].chunked(into: 0)
    }
  }
}
