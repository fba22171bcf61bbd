import NapkinMutex

/// The main-actor hops of a run's actions, held until the explorer runs them: the await-level
/// choices of an exploration that interleaves awaits.
///
/// When a job of an action's tree queues a main-actor job (the action's task hopping to the main
/// actor at an `await`, or work it makes ready there), the watched main executor hands it here
/// instead of to the main queue. The action has then run up to that `await`: the explorer may let
/// it go on (``release(_:)``) or deliver another event first. Each hop is named after its action
/// and its place among the action's hops: `add#1.2` is the second hop of the action `add#1`.
///
/// Isolation: `Sendable`; its hops are behind a `Mutex`. Jobs are handed to the main executor
/// outside the lock.
final class HeldHops: Sendable {
  /// One held hop.
  struct Hop: Sendable {
    /// The hop's token, `add#1.2`.
    let token: String
    /// The token of the action whose tree queued it.
    let action: String
    /// What the action's event may affect, for the search's independence.
    let footprint: Set<ObjectIdentifier>?
    fileprivate let job: UnownedJob
  }

  private struct State {
    var held: [Hop] = []
    var counts: [String: Int] = [:]
  }

  private let state = Mutex(State())
  private let executor: WatchedMainExecutor

  init(executor: WatchedMainExecutor) {
    self.executor = executor
  }

  /// A closure for the tree of `action` that holds its main-actor hops.
  func holder(
    for action: String, footprint: Set<ObjectIdentifier>?
  ) -> @Sendable (UnownedJob) -> Bool {
    { [self] job in
      state.withLock { state in
        let index = state.counts[action, default: 0] + 1
        state.counts[action] = index
        state.held.append(
          Hop(token: "\(action).\(index)", action: action, footprint: footprint, job: job))
      }
      return true
    }
  }

  /// The hops held now, oldest first.
  var held: [Hop] { state.withLock { $0.held } }

  /// Hands the held hop `token` to the main actor; `false` if none is held by that name.
  @discardableResult
  func release(_ token: String) -> Bool {
    let hop = state.withLock { state -> Hop? in
      guard let index = state.held.firstIndex(where: { $0.token == token }) else { return nil }
      return state.held.remove(at: index)
    }
    guard let hop else { return false }
    executor.submit(hop.job)
    return true
  }

  /// Hands every held hop to the main actor, oldest first: at the end of a run, so no task is
  /// left suspended forever.
  func releaseAll() {
    let hops = state.withLock { state in
      defer { state.held = [] }
      return state.held
    }
    for hop in hops { executor.submit(hop.job) }
  }

  /// Whether `token` names a hop (`add#1.2`): an action's token, a dot, and a number.
  static func isHopToken(_ token: String) -> Bool {
    guard let dot = token.lastIndex(of: "."), dot != token.startIndex else { return false }
    let number = token[token.index(after: dot)...]
    return !number.isEmpty && number.allSatisfy(\.isNumber)
  }
}
