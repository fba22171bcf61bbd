import NapkinMutex

/// Waits for a lifecycle's bound tasks to end, bounded by a timeout.
enum BoundTasks {
  /// Awaits every bound task of `lifecycle`; returns how many still run when `timeout` expires.
  static func waitForFinish(of lifecycle: InteractorLifecycle, timeout: Duration) async -> Int {
    let tasks = lifecycle.boundTasks
    guard !tasks.isEmpty else { return 0 }
    let finished = await finishesWithin(timeout) {
      for task in tasks { await task.value }
    }
    return finished ? 0 : lifecycle.boundTaskCount
  }

  /// Lets what may still hold tracked objects finish before a leak check: the bound tasks of
  /// `lifecycles` (each bounded by `timeout`), then work already queued on the main actor (such
  /// as a router's deinit), and the confirmations passing through their actors. Unlike `settle(_:)`, which accepts a task parked on a mock, a leak check
  /// needs the tasks ended: a parked task still holds its interactor.
  static func finishBeforeLeakCheck(_ lifecycles: [InteractorLifecycle], timeout: Duration) async {
    for lifecycle in lifecycles {
      _ = await waitForFinish(of: lifecycle, timeout: timeout)
      // A confirmation still passing through the interactor's actor holds it until it gets there.
      let record = lifecycle.observed
      if record.confirmationPasses {
        _ = await finishesWithin(timeout) { await record.waitUntilNoConfirmationPasses() }
      }
    }
    await MainActor.run {}
  }

  /// Runs `operation` in its own task; returns `true` if it ends within `timeout`.
  ///
  /// Awaiting an unstructured task's value cannot be cancelled, so the operation runs in a task
  /// of its own and a one-shot continuation takes whichever ends first: the operation or the
  /// timeout's timer. The caller never waits past the timeout.
  static func finishesWithin(
    _ timeout: Duration, _ operation: @escaping @Sendable () async -> Void
  ) async -> Bool {
    let slot = Mutex<CheckedContinuation<Bool, Never>?>(nil)
    let resume: @Sendable (Bool) -> Void = { value in
      slot.withLock { pending in
        defer { pending = nil }
        return pending
      }?.resume(returning: value)
    }
    var work: Task<Void, Never>?
    var timer: TimeoutTimer?
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      slot.withLock { $0 = continuation }
      work = Task {
        await operation()
        resume(true)
      }
      timer = TimeoutTimer(after: timeout) { resume(false) }
    }
    timer?.cancel()
    work?.cancel()
    return result
  }
}
