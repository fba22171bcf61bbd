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
  static func finishesWithin(
    _ timeout: Duration, _ operation: @escaping @Sendable () async -> Void
  ) async -> Bool {
    await Suspension.within(timeout) { await operation() } != nil
  }
}
