/// How a run waits for the main actor before it reads a point again: by its executor's count of
/// pending jobs where NapkinTesting watches it, else by a number of passes through the main queue.
///
/// A task that prefers an executor, as an action's does, is queued on the main actor again at
/// every call from one main-actor async function to another, behind whatever was queued
/// meanwhile, so a chain of a view model's steps can still be running after a confirmation passed
/// through the main actor. Watched, the run waits until no main-actor job is pending at all. Not
/// watched, each pass lets such a chain take one step; after a run that did not follow its order
/// the explorer starts over with twice the passes (also watched: work queued on the main queue
/// outside the main actor, `DispatchQueue.main.async`, stays unseen).
///
/// Isolation: a `Sendable` value owned by one exploration.
struct MainActorPacing: Sendable {
  /// The main actor's executor, where the runtime's hook let NapkinTesting install it.
  let watched: WatchedMainExecutor?
  /// Passes through the main queue before a second reading.
  private(set) var passes: Int

  /// The most passes before a mismatch is reported rather than started over.
  static let mostPasses = 64

  /// Why the main actor is not watched, as the end of a sentence; `nil` if it is.
  let whyNotWatched: String?

  /// Passes through the main queue when the main actor is not watched, and when an action awaits
  /// work settling cannot see: that work gets as long to reach a held call as it always had.
  static let unwatchedPasses = 4

  /// The pacing of a new exploration: watched if the hook is available, else four passes.
  static func start() async -> MainActorPacing {
    switch await WatchedMainExecutor.installation {
    case .watched(let executor):
      return MainActorPacing(watched: executor, passes: 0, whyNotWatched: nil)
    case .notWatched(let reason):
      return MainActorPacing(watched: nil, passes: Self.unwatchedPasses, whyNotWatched: reason)
    }
  }

  /// Whether a run that did not follow its order may start over with more passes.
  var canSlowDown: Bool { passes < Self.mostPasses }

  /// Twice the passes (one, from none).
  mutating func slowDown() { passes = max(passes * 2, 1) }

  /// Whether a reading that found every lifecycle idle is exact as it stands: the main actor is
  /// watched, no main-actor job is pending (of this process: another test's count too), and no
  /// pass is owed to work settling cannot see or to a run that did not follow its order.
  func isExact(awaitingUnseenWork: Bool) -> Bool {
    guard let watched, passes == 0, !awaitingUnseenWork else { return false }
    return watched.pending == 0
  }

  /// Returns once the main actor has nothing pending (watched) and `passes` passes ran (at least
  /// ``unwatchedPasses`` if `awaitingUnseenWork`), each behind what was queued on the main queue
  /// before it; `beforeReading` of them are taken by a reading that itself passes through the
  /// main actor.
  func wait(readingPasses beforeReading: Int, awaitingUnseenWork: Bool = false) async {
    if let watched { _ = await watched.drain(limit: Self.mostPasses) }
    let passes = awaitingUnseenWork ? max(passes, Self.unwatchedPasses) : passes
    for _ in 0..<max(passes - beforeReading, 0) {
      await WatchedMainExecutor.passThroughMainQueue()
      if let watched { _ = await watched.drain(limit: Self.mostPasses) }
    }
  }
}
