import Dispatch
import Foundation
import NapkinMainExecutorHook
import NapkinMutex

/// The main actor's executor while NapkinTesting observes: it runs every main-actor job on the
/// main queue, as the runtime's own does, and counts the jobs queued and run, so the explorer
/// knows when none is pending instead of passing through the main queue a fixed number of times.
///
/// Installed once per process, on the first exploration, through the runtime's main-executor hook
/// (private ABI, found by name), then self-tested: a hop to the main actor from another thread
/// must reach it and run on the main queue. Where the hook is missing or the self-test fails,
/// ``shared`` answers `nil` and the explorer keeps its passes, and says so in its report.
///
/// Each job is wrapped in one main-queue block, so main-actor jobs keep their order with each
/// other and with `DispatchQueue.main` blocks, and run where the main queue runs (the main
/// thread, or the thread `dispatchMain()` drains it on): tests beside an exploration see no
/// difference. Its counts are process-wide, so they are conservative: another
/// test's main-actor work makes the explorer wait a little longer, never less.
///
/// Isolation: `Sendable`; its counts sit behind a `Mutex`.
final class WatchedMainExecutor: SerialExecutor, @unchecked Sendable {  // state behind `counts`
  /// Jobs queued and jobs run since the install, and whether one runs now.
  private struct Counts {
    var queued: UInt64 = 0
    var run: UInt64 = 0
    var running = false
  }

  private let counts = Mutex(Counts())

  private init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // A hop an exploration interleaves: it runs when the explorer picks it (``submit(_:)``).
    if HeldHops.take(job) { return }
    submit(job)
  }

  /// Queues `job` on the main queue, counted until it has run.
  func submit(_ job: UnownedJob) {
    counts.withLock { $0.queued += 1 }
    DispatchQueue.main.async {
      // A run loop spun inside a job (XCTest's waits) may run the next one inside it.
      let outer = self.counts.withLock { counts in
        defer { counts.running = true }
        return counts.running
      }
      RunningExecutor.runMainActorJob { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
      self.counts.withLock { counts in
        counts.run += 1
        counts.running = outer
      }
    }
  }

  func checkIsolated() {
    dispatchPrecondition(condition: .onQueue(.main))
  }

  /// Jobs queued and not yet run, but for the caller's own: a caller on the main queue is the
  /// job running now.
  var pending: UInt64 {
    let onMain = Self.isOnMainQueue
    return counts.withLock { $0.queued - $0.run - ($0.running && onMain ? 1 : 0) }
  }

  /// Marks the main queue, which a process that called `dispatchMain()` drains on another thread
  /// than the main one.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue, whichever thread drains it.
  private static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

  /// Returns once no main-actor job is pending, passing through the main queue as few times as
  /// that takes: none if nothing is pending, one per step of a chain that queues its next job.
  /// Returns `false` if `limit` passes were not enough (other work keeps the main actor busy).
  func drain(limit: Int) async -> Bool {
    for _ in 0..<limit {
      guard pending > 0 else { return true }
      // The pass runs behind every job queued before it; one that queued another is waited on.
      await Self.passThroughMainQueue()
    }
    return pending == 0
  }

  /// Resumes once a block queued on the main queue now has run.
  static func passThroughMainQueue() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async { done.resume() }
    }
  }

  /// The installed and self-tested executor, or why there is none in this process.
  enum Installation: Sendable {
    case watched(WatchedMainExecutor)
    /// Why the main actor is not watched, as the end of a sentence.
    case notWatched(String)
  }

  /// The environment variable that turns the executor off for a process: `off`.
  static let variable = "NAPKIN_MAIN_EXECUTOR"

  /// Whether the variable's `text` turns the executor off: `true` for `off`, `false` for `on` or
  /// nothing (either in any case, around spaces), `nil` for anything else, which leaves it on
  /// with a note on standard error.
  static func turnsOff(_ text: String) -> Bool? {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "off": true
    case "on", "": false
    default: nil
    }
  }

  /// The executor, installed and self-tested on first use, once per process.
  static var installation: Installation {
    get async { await installing.value }
  }

  /// The executor, or `nil` where it is not installed.
  static var shared: WatchedMainExecutor? {
    get async {
      guard case .watched(let executor) = await installation else { return nil }
      return executor
    }
  }

  private static let keptAlive = Mutex<WatchedMainExecutor?>(nil)

  private static let installing = Task.detached { () -> Installation in
    if let text = ProcessInfo.processInfo.environment[variable] {
      switch turnsOff(text) {
      case true?: return .notWatched("\(variable)=off turned it off")
      case false?: break
      case nil:
        writeToStandardError(
          "NapkinTesting: \(variable)=\(text) is neither off nor on; the main actor is watched.")
      }
    }
    let executor = WatchedMainExecutor()
    let ref = executor.asUnownedSerialExecutor()
    _ = mainQueueKey
    // An ordinary `UnownedSerialExecutor` is the runtime's executor reference: two words.
    guard MemoryLayout<UnownedSerialExecutor>.size == 2 * MemoryLayout<UInt>.size,
      case let words = unsafeBitCast(ref, to: (UInt, UInt).self),
      let identity = UnsafeRawPointer(bitPattern: words.0),
      napkin_main_executor_install(identity, words.1)
    else { return .notWatched("this runtime has no main-executor hook NapkinTesting can set") }
    // Kept for the whole process, even if it fails its test: the runtime's hooks point at it.
    keptAlive.withLock { $0 = executor }
    guard await selfTest(executor) else {
      return .notWatched("the runtime's main-executor hook failed NapkinTesting's self-test here")
    }
    return .watched(executor)
  }

  /// Whether a hop to the main actor from this detached task reaches `executor` and runs on the
  /// main queue.
  private static func selfTest(_ executor: WatchedMainExecutor) async -> Bool {
    let before = executor.counts.withLock { $0.queued }
    let onMain = await MainActor.run { isOnMainQueue }
    let after = executor.counts.withLock { $0.queued }
    return onMain && after > before
  }
}
