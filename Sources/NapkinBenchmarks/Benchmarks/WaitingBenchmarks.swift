@_spi(Benchmarking) import NapkinTesting
import Synchronization

/// The latency from recording a call to the awaiting task resuming, against a bare
/// `CheckedContinuation` resumed from another task.
///
/// Both sides have the same shape: the waiter parks, a detached task spins until it sees the
/// waiter registered, lets it finish suspending (``settle``), reads the clock and wakes it (by
/// resuming the continuation, or by recording the call); the waiter reads the clock when it
/// resumes. A sample is the difference. Settling matters: a continuation resumed before its task
/// finished suspending never suspends at all, which would measure a path a test awaiting work
/// never takes. The waker backs off between looks, so its spinning does not fight the waiter for
/// the lock it parks under.
enum WaitingBenchmarks {
  /// How long the waker lets a registered waiter finish suspending.
  static let settle = Duration.microseconds(20)

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

  static func bareContinuation() async -> Double {
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

  static func waitForCalls() async -> Double {
    let recorder = CallRecorder<BenchCall>("bench", exhaustive: false)
    let waker = Task.detached { () -> ContinuousClock.Instant in
      while recorder.suspendedWaitCount == 0 { backOff() }
      spin(for: settle)
      let now = Timing.clock.now
      recorder.record(.fetch(page: 1))
      return now
    }
    let calls = await recorder.waitForCalls(count: 1)
    let resumed = Timing.clock.now
    precondition(calls?.count == 1, "waitForCalls returned \(String(describing: calls))")
    return Timing.nanoseconds(resumed - (await waker.value))
  }

  static func waitForCall() async -> Double {
    let recorder = CallRecorder<BenchCall>("bench", exhaustive: false)
    let waker = Task.detached { () -> ContinuousClock.Instant in
      while recorder.suspendedWaitCount == 0 { backOff() }
      spin(for: settle)
      let now = Timing.clock.now
      recorder.record(.fetch(page: 1))
      return now
    }
    let matched = await recorder.waitForCall(.fetch(page: 1))
    let resumed = Timing.clock.now
    precondition(matched, "waitForCall timed out")
    return Timing.nanoseconds(resumed - (await waker.value))
  }

  static func run() async -> (count: Comparison, match: Comparison) {
    let count = await Comparison.measure(
      "record → waitForCalls(count:) resumes", against: "bare CheckedContinuation resume",
      target: 1.5, rounds: 2_000, warmUp: 200,
      baseline: { await bareContinuation() }, subject: { await waitForCalls() })
    let match = await Comparison.measure(
      "record → waitForCall(_:) resumes", against: "bare CheckedContinuation resume",
      rounds: 2_000, warmUp: 200,
      baseline: { await bareContinuation() }, subject: { await waitForCall() })
    return (count, match)
  }
}
