import Foundation
import NapkinTesting
import Testing

private enum NoteMethod: Hashable, Sendable { case save }

private final class MockNotes: MockService {
  let mock = MockServiceCore<NoteMethod>("MockNotes")

  func save() async throws {
    try await throwIfFailing(.save)
  }
}

/// A note screen with a planted bug: a save that ends after the screen was left still counts.
private final actor NoteInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let notes: MockNotes
  private(set) var savedAfterLeaving = false

  init(notes: MockNotes) { self.notes = notes }

  func save() async {
    guard (try? await notes.save()) != nil else { return }
    if !isActive { savedAfterLeaving = true }
  }
}

/// A failing run's timeline tells the whole story: the explorer's steps and the transitions, in
/// place among the mock calls.
@Suite struct ExplorationTimelineTests {
  @Test func failingRun_timeline_showsTheStepsAndTheDeactivation() async {
    let issues = await withIssueCollector {
      await explore { scenario in
        let notes = MockNotes()
        let sut = NoteInteractor(notes: notes)
        await sut.activate()
        scenario.answers(notes, .save)
        scenario.action("leave", on: sut) { await sut.deactivate() }
        scenario.action("save", on: sut) { await sut.save() }
        scenario.expect("nothing saved after leaving") {
          _ = notes.calls.count
          return await !sut.savedAfterLeaving
        }
      }
    }
    let message = issues.first?.message ?? ""
    #expect(message.contains("  leave save save#1✓"), "\(message)")
    let story = [
      "NoteInteractor activated",
      "explorer started the action `leave`",
      "NoteInteractor deactivated",
      "explorer started the action `save`",
      "MockNotes save",
      "explorer answered `save#1` of MockNotes with success",
    ]
    var rest = Substring(message)
    for line in story {
      guard let found = rest.range(of: line) else {
        Issue.record("The timeline lacks, in this order, \"\(line)\":\n\(message)")
        return
      }
      rest = rest[found.upperBound...]
    }
  }
}
