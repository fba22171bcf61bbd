import Dispatch
import NapkinMutex

/// What a test toolkit reads and drives to settle an interactor: whether it is idle, what its
/// bound tasks wait on, parking them at test doubles, and vouching for settled trees.
///
/// Package-only; the lifecycle's own state machine is in `InteractorLifecycle.swift`.
extension InteractorLifecycle {
  /// Whether no transition is running or about to run and every bound task has finished or is
  /// parked where only a test can resume it; and what moved so far (tasks bound, resumptions,
  /// jobs of their trees): equal readings, idle at both, mean nothing ran in between.
  package var idleness: (isIdle: Bool, activity: UInt64) {
    storage.state.withLock { ($0.isIdle, $0.moves) }
  }

  /// What keeps the lifecycle from being idle besides its bound tasks (a transition running or
  /// about to run), such as `still activating: didBecomeActive() is running`; `nil` if nothing.
  package var transitionNote: String? {
    storage.state.withLock { $0.transitionNote }
  }

  /// Every bound task that has not finished: where it was registered and what it is parked on.
  package var boundTaskDescriptions: [BoundTaskDescription] {
    storage.state.withLock { state in
      state.tasks.sorted { $0.key < $1.key }.map(\.value.description)
    }
  }

  /// Relies on every settled bound task staying put until a test resumes it.
  ///
  /// A bound task's tree looks settled when nothing of it can run, but a task of it may wait on
  /// something a test toolkit cannot see (a real service, a plain continuation) that resumes it
  /// later. If such a resumption comes before a test resumes anything of that tree, the report
  /// runs once for the tree, on the resuming thread, with the task as it is then (as it was
  /// vouched for: nothing of it was resumed by a test meanwhile). A task that was cancelled
  /// meanwhile is not reported: cancelling resumes what it waits on.
  ///
  /// - Parameters:
  ///   - key: Who vouches; while it stays the same, the report made for it the first time is kept
  ///     and `makeReport` is not called again.
  ///   - makeReport: Makes the report, if `key` changed.
  /// - Returns: Whether any task was vouched for (only tasks with an observed tree can be).
  @discardableResult
  package func vouchForSettledTasks(
    key: VouchKey, _ makeReport: () -> @Sendable (BoundTaskDescription) -> Void
  ) -> Bool {
    storage.state.withLock { state in
      var vouched = false
      // A task that settles whenever its tree is quiet (a test toolkit's own action) may await
      // other trees or the main actor by design: only the trees it awaits are vouched for.
      for bound in state.tasks.values where bound.isSettled && !bound.settlesWhenQuiet {
        if bound.executor?.vouch() == true { vouched = true }
      }
      if vouched, state.vouchReport?.key != key {
        state.vouchReport = (key, makeReport())
      }
      return vouched
    }
  }

  /// A settled tree vouched for was resumed from outside: reports it, unless it was cancelled.
  static func treeMovedFromOutside(id: UInt64, in storage: LifecycleStorage) {
    let found = storage.state.withLock { state in
      state.tasks[id].flatMap { bound in
        state.vouchReport.map { (bound.task, bound.description, $0.report) }
      }
    }
    guard let (task, description, report) = found, !task.isCancelled else { return }
    report(description)
  }

  /// Suspends until every bound task has finished or is parked where only a test can resume it.
  ///
  /// Event-driven: resumed by the task that finishes or parks last. Returns `false` if `deadline`
  /// passes first or the calling task is cancelled.
  package func waitUntilIdle(until deadline: ContinuousClock.Instant) async -> Bool {
    if storage.state.withLock({ $0.isIdle }) { return true }
    let id = storage.state.withLock { $0.makeID() }
    // A dispatch timer, not a task: it takes no thread while it waits, and cancelling it wakes
    // nothing, so a wait that ends in time costs no more than resuming it. Only this task holds
    // it; it is cancelled once the wait ended, however it ended.
    var timer: DispatchWorkItem?
    defer { timer?.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
        // Checked under the lock the cancellation handler takes, so a cancellation either finds
        // the waiter or is seen here.
        let outcome: Bool? = storage.state.withLock { state in
          if Task.isCancelled { return false }
          return state.enqueueIdleWaiter(waiter, id: id) ? nil : true
        }
        if let outcome {
          waiter.resume(returning: outcome)
          return
        }
        // Scheduled only once the waiter is registered, so even a zero timeout finds it.
        let item = DispatchWorkItem { [weak self] in self?.giveUpIdleWait(id: id) }
        let delay = min(max(ContinuousClock.now.duration(to: deadline), .zero), .seconds(1 << 30))
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(
          deadline: .now() + .nanoseconds(nanoseconds), execute: item)
        timer = item
      }
    } onCancel: {
      giveUpIdleWait(id: id)
    }
  }

  /// Marks bound task `id` parked on `reason`.
  func park(id: UInt64, on reason: String) -> UInt64? {
    guard let (token, waiters) = storage.state.withLock({ $0.park(id: id, on: reason) }) else {
      return nil
    }
    Self.resume(waiters, returning: true)
    return token
  }

  /// Marks bound task `id` busy again after park `token`.
  func unpark(id: UInt64, token: UInt64) {
    storage.state.withLock { $0.unpark(id: id, token: token) }
  }

  /// Marks a structured child of bound task `id` parked on `reason`, if the current task is one
  /// (it prefers the task's executor); returns the park's token, else `nil`.
  func parkChild(of id: UInt64, on reason: String) -> UInt64? {
    guard
      let (token, executor) = storage.state.withLock({ state -> (UInt64, BoundTaskExecutor)? in
        guard let executor = state.tasks[id]?.executor, executor.isPreferredByCurrentTask
        else { return nil }
        return state.parkChild(of: id, on: reason)
      })
    else { return nil }
    executor.childParked()
    return token
  }

  /// Marks the child park `token` of bound task `id` resumed.
  func unparkChild(of id: UInt64, token: UInt64) {
    storage.state.withLock { $0.unparkChild(of: id, token: token) }
  }

  /// A bound task's tree was confirmed quiet: resumes the idle waiters if it made the lifecycle
  /// idle.
  static func treeQuieted(in storage: LifecycleStorage) {
    resume(storage.state.withLock { $0.treeQuieted() }, returning: true)
  }

  private func giveUpIdleWait(id: UInt64) {
    guard let waiter = storage.state.withLock({ $0.removeIdleWaiter(id: id) }) else { return }
    Self.resume([waiter], returning: false)
  }
}
