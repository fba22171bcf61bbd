@_spi(Benchmarking) import NapkinTesting
import Synchronization

/// The latency from recording a call to the awaiting task resuming, against a bare
/// `CheckedContinuation` resumed from another task.
///
/// Both sides have the same shape: the waiter parks, a detached task spins until it sees the
/// waiter registered, waits `settle`, reads the clock and wakes it (by resuming the continuation,
/// or by recording the call); the waiter reads the clock when it resumes. A sample is the
/// difference. The waker backs off between looks, so its spinning does not fight the waiter for
/// the lock it parks under.
///
/// `settle` picks the case measured. After ``parked`` (200 µs) the waiter's thread has gone idle,
/// as in a test awaiting work that comes later: waking it costs a thread wake-up, the common case
/// and the one the target is about. After ``justSuspended`` (2 µs) the thread is often still
/// awake, which shows the toolkit's own cost against the fastest possible resume.
enum WaitingBenchmarks {
  /// The waiter's thread has parked: the realistic case.
  static let parked = Duration.microseconds(200)
  /// The waiter has just suspended; its thread is usually still awake.
  static let justSuspended = Duration.microseconds(2)

  /// Spins until `duration` passed, without touching memory the waiter uses.
  static func spin(for duration: Duration) {
    let end = Timing.clock.now + duration
    while Timing.clock.now < end { backOff() }
  }

  /// Spins a few hundred nanoseconds without touching shared memory.
  @inline(never)
  static func backOff() {
    var spin = 0
    for index in 0..<200 { spin &+= index }
    blackHole(spin)
  }

  static func bareContinuation(settle: Duration) async -> Double {
    let slot = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let waker = Task.detached { () -> ContinuousClock.Instant in
      while true {
        if let continuation = slot.withLock({ $0.take() }) {
          spin(for: settle)
          let now = Timing.clock.now
          continuation.resume()
          return now
        }
        backOff()
      }
    }
    await withCheckedContinuation { continuation in slot.withLock { $0 = continuation } }
    let resumed = Timing.clock.now
    return Timing.nanoseconds(resumed - (await waker.value))
  }

  /// Starts the task that records once a wait is suspended on `recorder`; returns when it did.
  private static func recordOnceAwaited(
    _ recorder: CallRecorder<BenchCall>, settle: Duration
  ) -> Task<ContinuousClock.Instant, Never> {
    Task.detached {
      while recorder.suspendedWaitCount == 0 { backOff() }
      spin(for: settle)
      let now = Timing.clock.now
      recorder.record(.fetch(page: 1))
      return now
    }
  }

  static func waitForCalls(settle: Duration) async -> Double {
    let recorder = CallRecorder<BenchCall>("bench", exhaustive: false)
    let waker = recordOnceAwaited(recorder, settle: settle)
    let arrived = await recorder.waitForCalls(count: 1)
    let resumed = Timing.clock.now
    precondition(arrived, "waitForCalls timed out")
    return Timing.nanoseconds(resumed - (await waker.value))
  }

  static func waitForCall(settle: Duration) async -> Double {
    let recorder = CallRecorder<BenchCall>("bench", exhaustive: false)
    let waker = recordOnceAwaited(recorder, settle: settle)
    let matched = await recorder.waitForCall(.fetch(page: 1))
    let resumed = Timing.clock.now
    precondition(matched, "waitForCall timed out")
    return Timing.nanoseconds(resumed - (await waker.value))
  }

  static func run() async -> (count: Comparison, match: Comparison, hot: Comparison) {
    let count = await Comparison.measure(
      "record → waitForCalls(count:) resumes", against: "bare CheckedContinuation resume",
      target: 1.5, rounds: 1_000, warmUp: 100,
      baseline: { await bareContinuation(settle: parked) },
      subject: { await waitForCalls(settle: parked) })
    let match = await Comparison.measure(
      "record → waitForCall(_:) resumes", against: "bare CheckedContinuation resume",
      rounds: 1_000, warmUp: 100,
      baseline: { await bareContinuation(settle: parked) },
      subject: { await waitForCall(settle: parked) })
    let hot = await Comparison.measure(
      "… 2 µs after the waiter suspended", against: "bare resume, 2 µs after",
      rounds: 1_000, warmUp: 100,
      baseline: { await bareContinuation(settle: justSuspended) },
      subject: { await waitForCalls(settle: justSuspended) })
    return (count, match, hot)
  }
}
