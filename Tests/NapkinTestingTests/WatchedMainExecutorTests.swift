import Dispatch
import Foundation
import NapkinMutex
import Testing

@testable import NapkinTesting

/// What main-queue work saw, shared with the closures it queues.
private final class Seen<Value: Sendable>: Sendable {
  private let value: Mutex<Value>
  init(_ value: Value) { self.value = Mutex(value) }
  func update(_ change: @Sendable (inout Value) -> Void) { value.withLock { change(&$0) } }
  var now: Value { value.withLock { $0 } }
}

/// Counts a step, then queues the next behind whatever was queued meanwhile.
@MainActor private func step(_ left: Int, counting steps: Seen<Int>) {
  steps.update { $0 += 1 }
  if left > 1 { Task { @MainActor in step(left - 1, counting: steps) } }
}

/// The main actor's executor NapkinTesting installs for the explorer: every main-actor job passes
/// through it and is counted, in the main queue's order, where main-queue work always ran.
@Suite struct WatchedMainExecutorTests {
  #if os(Linux) && arch(x86_64)
    @Test func onThisRuntime_isInstalledAndPassesItsSelfTest() async {
      #expect(await WatchedMainExecutor.shared != nil)
    }
  #endif

  @Test func aMainActorJobQueuedBehindTheCaller_isPendingUntilItRuns() async throws {
    guard let executor = await WatchedMainExecutor.shared else { return }
    let ran = Seen(false)
    await MainActor.run {
      // Queued behind this job, which does not count itself.
      Task { @MainActor in ran.update { $0 = true } }
      #expect(executor.pending >= 1)
      #expect(!ran.now)
    }
    // Other tests' main-actor work may keep it busy a while; it is waited on, never skipped.
    #expect(await executor.drain(limit: 10_000))
    #expect(ran.now)
  }

  @Test func aChainOfMainActorSteps_isDrainedToItsEnd() async throws {
    guard let executor = await WatchedMainExecutor.shared else { return }
    let steps = Seen(0)
    await MainActor.run { _ = Task { @MainActor in step(20, counting: steps) } }
    #expect(await executor.drain(limit: 10_000))
    #expect(steps.now == 20)
  }

  @Test func mainActorJobs_keepTheirPlaceAmongMainQueueBlocks() async {
    _ = await WatchedMainExecutor.shared
    let order = Seen<[String]>([])
    for _ in 0..<50 {
      order.update { $0 = [] }
      await MainActor.run {
        DispatchQueue.main.async { order.update { $0.append("block 1") } }
        Task { @MainActor in order.update { $0.append("task") } }
        DispatchQueue.main.async { order.update { $0.append("block 2") } }
      }
      await WatchedMainExecutor.passThroughMainQueue()
      #expect(order.now == ["block 1", "task", "block 2"])
    }
  }

  @Test func mainActorJobs_runIsolatedToTheMainActor() async {
    _ = await WatchedMainExecutor.shared
    let checked = await Task.detached {
      await MainActor.run {
        MainActor.preconditionIsolated()
        return MainActor.assumeIsolated { true }
      }
    }.value
    #expect(checked)
    // A main-queue block is on the main actor too, as it always was.
    let inBlock = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      DispatchQueue.main.async { done.resume(returning: MainActor.assumeIsolated { true }) }
    }
    #expect(inBlock)
  }
}

/// What `NAPKIN_MAIN_EXECUTOR` may say.
@Suite struct MainExecutorSettingTests {
  @Test(arguments: [("off", true), (" OFF ", true), ("on", false), ("", false), ("On", false)])
  func offOrOn_isUnderstood(text: String, off: Bool) {
    #expect(WatchedMainExecutor.turnsOff(text) == off)
  }

  @Test(arguments: ["0", "false", "no", "disabled", "of"])
  func anythingElse_isNotUnderstood_andLeavesItOn(text: String) {
    #expect(WatchedMainExecutor.turnsOff(text) == nil)
  }
}

/// What a report says of the main actor: nothing where the explorer watched it, and why not where
/// it waited by passes (`make main-executor-off` runs this suite with the executor turned off).
@Suite struct MainActorWatchReportTests {
  private static let turnedOff =
    WatchedMainExecutor.turnsOff(
      ProcessInfo.processInfo.environment[WatchedMainExecutor.variable] ?? "") == true

  @Test func report_saysWhetherTheMainActorWasWatched() async {
    let shown = ShownCount()
    let report = await explore(strategy: .exhaustive()) { scenario in
      await ExplorerThreadTests.incrementsThroughTheMainActor(scenario, shown: shown, fixed: true)
    }
    #expect(report.passed, "\(report)")
    let note =
      "the main actor was waited on by passes through the main queue, not watched: "
      + "NAPKIN_MAIN_EXECUTOR=off turned it off"
    #expect(report.summary.contains(note) == Self.turnedOff, "\(report.summary)")
    #expect(report.summary.contains("not watched") == Self.turnedOff, "\(report.summary)")
    #expect(await WatchedMainExecutor.shared == nil || !Self.turnedOff)
  }
}
