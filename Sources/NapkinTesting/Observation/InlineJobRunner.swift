import Dispatch
import NapkinMutex

/// Runs the jobs of the bound-task trees that use it on a driver's own thread, while the driver
/// collects them.
///
/// Package-only: the explorer drives its actions' trees with one. Between ``collect()`` and the
/// end of the next ``drain()``, every job of those trees, and of their confirmations, is queued
/// here instead of going to dispatch's queue; ``drain()`` runs them, and the jobs they enqueue,
/// first in first out on the calling thread, until none is left. Outside that window jobs go to
/// dispatch's queue as usual, so a driver that suspends never leaves a job waiting for it.
///
/// Running the jobs on the driver's thread changes where they run, not what settling counts: each
/// is still counted by its tree's ``BoundTaskExecutor`` from its enqueue to the end of its run.
///
/// Isolation: `Sendable`; its queue is behind a `Mutex`.
package final class InlineJobRunner: Sendable {
  private struct State {
    var jobs: [@Sendable () -> Void] = []
    var collecting = false
  }

  private let state = Mutex(State())
  /// How many actors' turns the explorer holds for the trees this runs.
  private let heldTurns = Atomic<Int>(0)

  /// Whether the explorer holds an actor's turn of a tree this runs: that actor waits for it.
  var holdsTurns: Bool { heldTurns.load(ordering: .sequentiallyConsistent) > 0 }

  /// Counts a turn held (`true`) or let go (`false`).
  func turnHeld(_ held: Bool) {
    heldTurns.add(held ? 1 : -1, ordering: .sequentiallyConsistent)
  }

  package init() {}

  /// The runner that takes the jobs of bound tasks registered on the current task (and the tasks
  /// it starts) while it collects: an exploration run binds its own while the scenario's closure
  /// runs, so work bound there waits for the closure to return (or to wait on the toolkit) and
  /// the order of the closure's lines never decides what the explorer sees. `nil` elsewhere.
  @TaskLocal package static var gate: InlineJobRunner?

  /// Runs what the current task's ``gate`` holds, on this thread, and lets later jobs go to
  /// dispatch's queue: a wait on the toolkit inside the scenario's closure waits for that work.
  static func openGate() {
    guard let gate, gate.isCollecting else { return }
    gate.drain()
  }

  /// Whether jobs are being collected now.
  var isCollecting: Bool { state.withLock { $0.collecting } }

  /// Stops collecting and hands the queued jobs to dispatch's queue, in order: for a closure that
  /// awaits work it bound without a toolkit wait, which would otherwise never run.
  func release() {
    let jobs = state.withLock { state in
      defer {
        state.jobs = []
        state.collecting = false
      }
      return state.jobs
    }
    guard !jobs.isEmpty else { return }
    DispatchQueue.global().async { for job in jobs { job() } }
  }

  /// Queues the jobs enqueued from now until the next ``drain()`` has run them all.
  package func collect() {
    state.withLock { $0.collecting = true }
  }

  /// Runs the queued jobs, and those they enqueue, on the calling thread; then stops collecting.
  package func drain() {
    while let next = state.withLock({ state -> (@Sendable () -> Void)? in
      guard !state.jobs.isEmpty else {
        state.collecting = false
        return nil
      }
      return state.jobs.removeFirst()
    }) {
      next()
    }
  }

  /// Queues `run` if collecting; returns whether it did.
  func take(_ run: @escaping @Sendable () -> Void) -> Bool {
    state.withLock { state in
      guard state.collecting else { return false }
      state.jobs.append(run)
      return true
    }
  }
}
