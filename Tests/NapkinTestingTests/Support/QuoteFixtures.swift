import NapkinTesting

/// A quote feed that can fail mid-stream.
protocol QuoteServicing: Sendable {
  func quotes() -> AsyncThrowingStream<Int, any Error>
}

enum QuoteError: Error, Equatable {
  case disconnected
}

nonisolated enum QuoteMethod: Hashable, Sendable, CaseIterable {
  case quotes
}

final class MockQuoteService: QuoteServicing, MockService {
  let mock = MockServiceCore<QuoteMethod>("MockQuoteService")
  let feed = MockThrowingStream<Int>(label: "quotes")

  func quotes() -> AsyncThrowingStream<Int, any Error> { stream(.quotes, from: feed) }
}

/// A live price screen: shows each quote, then says how the feed ended.
final actor QuoteInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let service: any QuoteServicing
  private(set) var shown: [Int] = []
  private(set) var status = "connecting"
  /// Whether a failure of the feed is shown (the fixed screen) or left as "live" (the bug).
  let showsFailures: Bool

  init(service: any QuoteServicing, showsFailures: Bool = true) {
    self.service = service
    self.showsFailures = showsFailures
  }

  func didBecomeActive() async {
    task { await self.follow() }
  }

  private func follow() async {
    do {
      status = "live"
      for try await quote in service.quotes() { shown.append(quote) }
      status = "closed"
    } catch is CancellationError {
      status = "closed"
    } catch {
      if showsFailures { status = "lost: \(error)" }
    }
  }
}

/// An in-memory notes repository whose fetch waits until the test answers it: a fake of one's
/// own that marks its wait with `WaitingOnTest`, or not.
actor FakeNotesRepository {
  private var waiting: [(CheckedContinuation<[String], Never>, WaitingOnTest?)] = []
  let marksItsWaits: Bool

  init(marksItsWaits: Bool) { self.marksItsWaits = marksItsWaits }

  func fetchNotes() async -> [String] {
    await withCheckedContinuation {
      waiting.append(($0, marksItsWaits ? WaitingOnTest("fetchNotes on FakeNotesRepository") : nil))
    }
  }

  func answer(_ notes: [String]) {
    for (continuation, wait) in waiting {
      wait?.resume()
      continuation.resume(returning: notes)
    }
    waiting = []
  }
}

/// Loads notes from the repository when it becomes active.
final actor NotesInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let repository: FakeNotesRepository
  private(set) var notes: [String] = []

  init(repository: FakeNotesRepository) { self.repository = repository }

  func didBecomeActive() async {
    task { self.notes = await self.repository.fetchNotes() }
  }
}
