import NapkinMutex
import napkin

/// A hop through interactors' actors that passes only once every job queued on them before it ran.
///
/// A bound task's tree counts the jobs on its own executor. A task of it that waits for an
/// interactor's actor while something outside the tree keeps that actor busy (a test's call, a
/// `Task {}`, a thread the runtime has not let go of yet) runs no job there, so the tree looks
/// quiet while it still has work to do. A hop through the actor, queued behind that task's job at
/// the same priority, passes only after it ran; then a second reading of the tree sees the move.
///
/// Isolation: `Sendable`; the waiter sits behind a `Mutex`, resumed once by whichever ends first,
/// the passage or the deadline.
final class ActorPassage: Sendable {
  private let waiter = Mutex<CheckedContinuation<Bool, Never>?>(nil)

  private init() {}

  /// Hops through each of `actors` in turn; `false` if `deadline` passed first (the hop goes on,
  /// and ends harmlessly once the actor lets it through).
  static func pass(
    through actors: [any Actor], until deadline: ContinuousClock.Instant
  ) async -> Bool {
    guard !actors.isEmpty else { return true }
    let passage = ActorPassage()
    var timer: TimeoutTimer?
    defer { timer?.cancel() }
    return await withCheckedContinuation { continuation in
      passage.waiter.withLock { $0 = continuation }
      Task {
        for actor in actors { await hop(onto: actor) }
        passage.finish(passed: true)
      }
      timer = TimeoutTimer(after: ContinuousClock.now.duration(to: deadline)) {
        passage.finish(passed: false)
      }
    }
  }

  /// The actors of `interactors`, each once.
  static func actors(of interactors: [any Interactable]) -> [any Actor] {
    var seen: Set<ObjectIdentifier> = []
    return interactors.filter { seen.insert(ObjectIdentifier($0)).inserted }
  }

  private static func hop(onto actor: isolated any Actor) {}

  private func finish(passed: Bool) {
    waiter.withLock { waiter in
      defer { waiter = nil }
      return waiter
    }?.resume(returning: passed)
  }
}
