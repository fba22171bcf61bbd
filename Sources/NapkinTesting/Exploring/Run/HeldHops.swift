import NapkinMutex

/// The hops of a run's actions, held until the explorer runs them: the await-level choices of an
/// exploration that interleaves awaits. A hop goes to the main actor, or is an actor's turn the
/// action asked for from inside another actor's turn (``holdTurn(action:footprint:resume:)``,
/// held by the action's ``BoundTaskExecutor``).
///
/// An action's task, watched from its first job (``watchCurrentTask(as:footprint:)``), is known
/// by its address, which is also the address of the job that resumes it: when that job is queued
/// on the watched main executor (the task hopping to the main actor at an `await`), the executor
/// hands it here instead of to the main queue. The action has then run up to that `await`: the
/// explorer may let it go on (``release(_:)``) or deliver another event first. Only the action's
/// own task is held, never work it starts or a confirmation passing through, so the hops of a run
/// are the same whatever the timing. Each hop is named after its action and its place among the
/// action's hops, of either kind: `add#1.2` is the second hop of the action `add#1`.
///
/// Isolation: `Sendable`; its hops are behind a `Mutex`, the watched tasks behind a process-wide
/// one. Jobs are handed to the main executor outside the locks.
final class HeldHops: Sendable {
  /// One held hop.
  struct Hop: Sendable {
    /// The hop's token, `add#1.2`.
    let token: String
    /// The token of the action whose task hopped.
    let action: String
    /// What the action's event may affect, for the search's independence.
    let footprint: Set<ObjectIdentifier>?
    /// Whether the action goes on on the main actor; else in another actor's turn.
    let onMainActor: Bool
    /// Lets the action go on: hands its job to the main actor, or lets an actor's turn run.
    fileprivate let resume: @Sendable () -> Void
  }

  private struct State {
    var held: [Hop] = []
    var counts: [String: Int] = [:]
    /// Whether the run is over: hops go to the main actor at once from then on.
    var closed = false
  }

  private let state = Mutex(State())
  private let executor: WatchedMainExecutor

  init(executor: WatchedMainExecutor) {
    self.executor = executor
  }

  /// Where a watched task's hops go: its run's hops, as its action.
  private struct Watched: Sendable {
    let hops: HeldHops
    let action: String
    let footprint: Set<ObjectIdentifier>?
  }

  /// The watched tasks of every run in the process, by address.
  private static let watched = Mutex<[UInt: Watched]>([:])
  /// How many tasks are watched: a main-actor job of a process that explores nothing this way
  /// costs one atomic load.
  private static let watchedCount = Atomic<Int>(0)

  /// Whether a task's address and its job's can be compared on this runtime: both one word.
  static let canIdentifyTasks =
    MemoryLayout<UnownedJob>.size == MemoryLayout<UInt>.size
    && MemoryLayout<UnsafeCurrentTask>.size == MemoryLayout<UInt>.size

  /// Holds the hops of the current task, the action `action`, until ``stopWatching(_:)``;
  /// returns the task's address, `nil` outside a task.
  func watchCurrentTask(as action: String, footprint: Set<ObjectIdentifier>?) -> UInt? {
    guard Self.canIdentifyTasks,
      let address = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UInt.self) } })
    else { return nil }
    Self.watched.withLock {
      $0[address] = Watched(hops: self, action: action, footprint: footprint)
      Self.watchedCount.store($0.count, ordering: .releasing)
    }
    return address
  }

  /// Stops holding the hops of the task at `address`, before it ends and its address is reused.
  func stopWatching(_ address: UInt) {
    Self.watched.withLock {
      $0[address] = nil
      Self.watchedCount.store($0.count, ordering: .releasing)
    }
  }

  /// Holds `job` if it resumes a watched task; returns whether it did.
  static func take(_ job: UnownedJob) -> Bool {
    guard canIdentifyTasks, watchedCount.load(ordering: .acquiring) > 0 else { return false }
    let address = unsafeBitCast(job, to: UInt.self)
    guard let watched = watched.withLock({ $0[address] }) else { return false }
    return watched.hops.hold(job, action: watched.action, footprint: watched.footprint)
  }

  /// Holds `job`, unless the run is over; returns whether it did.
  private func hold(_ job: UnownedJob, action: String, footprint: Set<ObjectIdentifier>?) -> Bool {
    let executor = executor
    return hold(action: action, footprint: footprint, onMainActor: true) { executor.submit(job) }
  }

  /// Holds an actor's turn the action `action` asked for in the middle of another actor's turn
  /// (an await into a second actor of the app, or back), unless the run is over; `resume` lets it
  /// run. Numbered with the action's main-actor hops: `add#1.2` may be either.
  func holdTurn(
    action: String, footprint: Set<ObjectIdentifier>?, resume: @escaping @Sendable () -> Void
  ) -> Bool {
    hold(action: action, footprint: footprint, onMainActor: false, resume: resume)
  }

  private func hold(
    action: String, footprint: Set<ObjectIdentifier>?, onMainActor: Bool,
    resume: @escaping @Sendable () -> Void
  ) -> Bool {
    state.withLock { state in
      guard !state.closed else { return false }
      let index = state.counts[action, default: 0] + 1
      state.counts[action] = index
      state.held.append(
        Hop(
          token: "\(action).\(index)", action: action, footprint: footprint,
          onMainActor: onMainActor, resume: resume))
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
    hop.resume()
    return true
  }

  /// Hands every held hop to the main actor, oldest first, and holds none from now on: at the
  /// end of a run, so no task is left suspended forever.
  func releaseAll() {
    let hops = state.withLock { state in
      defer {
        state.held = []
        state.closed = true
      }
      return state.held
    }
    for hop in hops { hop.resume() }
  }

  /// Whether `order` names a hop: a token that is an earlier token of the order (the action), a
  /// dot and a number (`add#1 add#2 add#1.1`). An action's own label with a dot (`v1.2`) is none.
  static func namesAHop(_ order: [String]) -> Bool {
    order.indices.contains { index in
      let token = order[index]
      guard let dot = token.lastIndex(of: "."), dot != token.startIndex else { return false }
      let number = token[token.index(after: dot)...]
      guard !number.isEmpty, number.allSatisfy(\.isNumber) else { return false }
      return order[..<index].contains(String(token[..<dot]))
    }
  }
}
