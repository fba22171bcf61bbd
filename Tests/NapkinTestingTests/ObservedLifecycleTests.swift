import NapkinMutex
import NapkinTesting
import Testing
import napkin

/// Suspends until the current task is cancelled.
private func suspendUntilCancelled() async {
  let (stream, _) = AsyncStream.makeStream(of: Never.self)
  for await _ in stream {}
}

/// NapkinTesting's record of a lifecycle, kept through napkin's observer seam.
@Suite(.timeLimit(.minutes(1))) struct ObservedLifecycleTests {
  private final actor Probe: Interactable {
    nonisolated let lifecycle = InteractorLifecycle()
  }

  /// A task that is just starting, as NapkinTesting observes it, must not keep the lifecycle
  /// alive for a moment: the interactor's release cancels it at once, every time.
  @Test func releasedWhileItsObservedTaskStarts_cancelsTheTaskAtOnce() async {
    ToolkitObserver.installOnce()
    var missed = 0
    for _ in 0..<2_000 {
      var interactor: Probe? = Probe()
      await interactor!.activate()
      let task = interactor!.task { await suspendUntilCancelled() }
      interactor = nil
      if !task.isCancelled { missed += 1 }
      task.cancel()
      await task.value
    }
    #expect(missed == 0)
  }

  /// The record hears of every edge: busy while a callback runs, settled once it returned.
  @Test func transition_isBusyWhileItsCallbackRuns() async {
    ToolkitObserver.installOnce()
    let lifecycle = InteractorLifecycle()
    let seen = Mutex<[Bool]>([])
    await lifecycle.activate { seen.withLock { $0.append(lifecycle.idleness.isIdle) } }
    await lifecycle.deactivate { seen.withLock { $0.append(lifecycle.idleness.isIdle) } }
    #expect(seen.withLock { $0 } == [false, false])
    #expect(lifecycle.idleness.isIdle)
    #expect(lifecycle.transitionNote == nil)
  }

  /// A task dropped by an inactive lifecycle leaves nothing behind in the record.
  @Test func droppedTask_leavesTheRecordIdle() async {
    ToolkitObserver.installOnce()
    let lifecycle = InteractorLifecycle()
    let task = lifecycle.register { await suspendUntilCancelled() }
    #expect(task.isCancelled)
    #expect(lifecycle.boundTaskDescriptions.isEmpty)
    #expect(lifecycle.idleness.isIdle)
  }

  /// A lifecycle released while a test waits for it to settle lets the waiter go at once.
  @Test func released_resumesItsIdleWaiters() async {
    ToolkitObserver.installOnce()
    var lifecycle: InteractorLifecycle? = InteractorLifecycle()
    await lifecycle!.activate {}
    lifecycle!.register { await suspendUntilCancelled() }
    let record = lifecycle!.observed
    #expect(!record.idleness.isIdle)
    let waiter = Task { await record.waitUntilIdle(until: .now + .seconds(3_600)) }
    lifecycle = nil
    #expect(await waiter.value)
    #expect(record.idleness.isIdle)
  }
}
