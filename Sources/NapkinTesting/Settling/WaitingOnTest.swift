/// A wait of a hand-written fake on the test: while it lasts, settling counts the waiting task
/// as parked (only the test can resume it), as it counts a task waiting on a held call.
///
/// NapkinTesting's doubles mark their waits themselves. A fake of your own that suspends its
/// caller on a continuation of its own (an in-memory repository whose fetch waits until the test
/// answers it) does it with this: create one in the same step that stores the continuation, and
/// call ``resume()`` just before resuming it. Then `settle(_:)` returns while the fake waits, and
/// the explorer reads the point as settled, instead of timing out on work it cannot see. Outside
/// a bound task (or a structured child of one) it does nothing.
///
/// Isolation: `Sendable` value; create it on the waiting task, resume it from any.
///
/// ```swift
/// actor FakeNotesRepository: NotesRepository {
///   private var waiting: [(CheckedContinuation<[Note], Never>, WaitingOnTest)] = []
///
///   func fetchNotes() async -> [Note] {
///     await withCheckedContinuation { waiting.append(($0, WaitingOnTest("fetchNotes"))) }
///   }
///
///   /// Called by the test (or a scenario's action): answers every waiting fetch.
///   func answer(_ notes: [Note]) {
///     for (continuation, wait) in waiting {
///       wait.resume()
///       continuation.resume(returning: notes)
///     }
///     waiting = []
///   }
/// }
/// ```
public struct WaitingOnTest: Sendable {
  private let parked: ParkedBoundTask?

  /// Marks the current task as waiting on the test for `reason`, which a settle's timeout names
  /// (`"fetchNotes on FakeNotesRepository"`).
  public init(_ reason: String) {
    ToolkitObserver.installOnce()
    parked = ParkedBoundTask.parkCurrent(on: reason)
  }

  /// Marks the waiting task busy again: call it just before resuming it. Later calls do nothing.
  public func resume() {
    parked?.unpark()
  }
}
