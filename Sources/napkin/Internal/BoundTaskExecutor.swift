import Dispatch
import NapkinMutex

/// The task executor a bound task prefers under a test toolkit, so the lifecycle can tell when
/// nothing in the task's tree can run.
///
/// Package-only. Child tasks (`async let`, task groups, at any depth) inherit the preference, and
/// so do the jobs of default actors they call, such as the interactor itself. So every job of the
/// tree that does not run on the main actor (or an actor with its own executor) passes through
/// ``enqueue(_:)``: ``isQuiet(at:)`` is exact for them. A job that moved to the main actor is
/// found by a confirmation: once no job is pending, a main-actor job scheduled after the ones
/// already queued checks that none came back meanwhile. Only then does a tree whose children are
/// parked count as parked.
///
/// An unstructured `Task {}` started inside the tree does not inherit the preference, and is not
/// part of the tree: its work is not counted, and a mock it calls does not park the bound task.
///
/// Jobs run on the global concurrent dispatch queue. Used only when a test toolkit enabled it
/// (``BoundTaskObservation``); an app's bound tasks never prefer an executor.
///
/// Isolation: `Sendable`; its state is atomics.
package final class BoundTaskExecutor: TaskExecutor {
  /// Jobs enqueued and not finished running.
  private let pending = Atomic<Int>(0)
  /// Counts enqueued jobs and resumptions of parked children: equal readings mean nothing moved.
  private let generation = Atomic<UInt64>(0)
  /// The generation a confirmation found quiet; `UInt64.max` before the first.
  private let confirmed = Atomic<UInt64>(.max)
  /// How many children of the tree are parked: confirmations are only needed while some are.
  private let parkedChildren = Atomic<Int>(0)
  /// Whether the bound task itself is parked: then it is settled without a confirmation.
  private let taskParked = Atomic<Bool>(false)
  /// Called once a confirmation found the tree quiet, not under any lock.
  private let onQuiet: @Sendable () -> Void
  /// Whether every quiet moment is confirmed, parked children or not.
  private let confirmsAlways: Bool

  /// An executor whose confirmations call `onQuiet`; `confirmsAlways` confirms even with no
  /// parked child, for a task that counts as settled whenever nothing of its tree can run.
  package init(confirmsAlways: Bool = false, onQuiet: @escaping @Sendable () -> Void) {
    self.confirmsAlways = confirmsAlways
    self.onQuiet = onQuiet
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    pending.add(1, ordering: .sequentiallyConsistent)
    generation.add(1, ordering: .sequentiallyConsistent)
    let job = UnownedJob(job)
    DispatchQueue.global().async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      if self.pending.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
        self.confirmIfNeeded()
      }
    }
  }

  /// Whether the current task is in this executor's tree: the bound task or a structured child.
  package var isPreferredByCurrentTask: Bool {
    withUnsafeCurrentTask { $0?.unownedTaskExecutor == asUnownedTaskExecutor() }
  }

  /// Whether no job of the tree is pending and a confirmation found it so since the last move.
  package var isQuiet: Bool {
    pending.load(ordering: .sequentiallyConsistent) == 0
      && confirmed.load(ordering: .sequentiallyConsistent)
        == generation.load(ordering: .sequentiallyConsistent)
  }

  /// A child of the tree parked where only a test can resume it.
  package func childParked() {
    parkedChildren.add(1, ordering: .sequentiallyConsistent)
    if pending.load(ordering: .sequentiallyConsistent) == 0 { confirmIfNeeded() }
  }

  /// A parked child is about to be resumed: the tree is no longer known to be quiet.
  package func childResumed() {
    generation.add(1, ordering: .sequentiallyConsistent)
    parkedChildren.subtract(1, ordering: .sequentiallyConsistent)
  }

  /// The bound task itself parked, or was resumed.
  package func taskParked(_ parked: Bool) {
    taskParked.store(parked, ordering: .sequentiallyConsistent)
  }

  /// Schedules a confirmation behind the main actor's queued jobs, if a child is parked (or, for
  /// a task that settles when quiet, unless the task is parked itself).
  private func confirmIfNeeded() {
    let children = parkedChildren.load(ordering: .sequentiallyConsistent)
    let wanted =
      children > 0 || (confirmsAlways && !taskParked.load(ordering: .sequentiallyConsistent))
    guard wanted else { return }
    let seen = generation.load(ordering: .sequentiallyConsistent)
    Task { @MainActor in
      guard self.pending.load(ordering: .sequentiallyConsistent) == 0,
        self.generation.load(ordering: .sequentiallyConsistent) == seen
      else { return }
      self.confirmed.store(seen, ordering: .sequentiallyConsistent)
      self.onQuiet()
    }
  }
}

/// Whether bound tasks prefer a ``BoundTaskExecutor``: off in an app, switched on once by a test
/// toolkit.
///
/// Package-only. Written once, read when a task is bound.
package enum BoundTaskObservation {
  private static let enabled = Atomic<Bool>(false)

  /// Makes every task bound from now on prefer its own ``BoundTaskExecutor``.
  @inline(never)
  package static func enable() {
    enabled.store(true, ordering: .releasing)
  }

  static var isEnabled: Bool { enabled.load(ordering: .acquiring) }
}
