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

  package init() {}

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
