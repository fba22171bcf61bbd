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
  private let queue = InlineJobQueue()
  /// The task executor a tree's confirmations prefer: on the driver's thread while it collects.
  let confirmations: any TaskExecutor

  package init() {
    confirmations = InlineConfirmationExecutor(queue: queue)
  }

  /// Queues the jobs enqueued from now until the next ``drain()`` has run them all.
  package func collect() {
    queue.state.withLock { $0.collecting = true }
  }

  /// Runs the queued jobs, and those they enqueue, on the calling thread; then stops collecting.
  package func drain() {
    while let next = queue.next() { next() }
  }

  /// Queues `run` if collecting; returns whether it did.
  func take(_ run: @escaping @Sendable () -> Void) -> Bool {
    queue.take(run)
  }
}

/// The queue of an ``InlineJobRunner``, shared with its confirmations' executor.
///
/// Isolation: `Sendable`; its state is behind a `Mutex`.
private final class InlineJobQueue: Sendable {
  struct State {
    var jobs: [@Sendable () -> Void] = []
    var collecting = false
  }

  let state = Mutex(State())

  func take(_ run: @escaping @Sendable () -> Void) -> Bool {
    state.withLock { state in
      guard state.collecting else { return false }
      state.jobs.append(run)
      return true
    }
  }

  /// The next queued job; `nil`, and no longer collecting, once none is left.
  func next() -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard !state.jobs.isEmpty else {
        state.collecting = false
        return nil
      }
      return state.jobs.removeFirst()
    }
  }
}

/// Runs a runner's confirmations: on the driver's thread while it collects, else on dispatch's
/// queue. Its jobs belong to no tree, so none is counted.
///
/// Isolation: `Sendable`; holds only the queue.
private final class InlineConfirmationExecutor: TaskExecutor {
  let queue: InlineJobQueue

  init(queue: InlineJobQueue) { self.queue = queue }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let run: @Sendable () -> Void = { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    if queue.take(run) { return }
    DispatchQueue.global().async(execute: run)
  }
}
