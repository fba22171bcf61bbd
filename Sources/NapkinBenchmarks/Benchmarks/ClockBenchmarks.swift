import NapkinTesting

/// The latency from `MockClock.advance(by:)` to the sleeping task resuming, against a bare
/// `CheckedContinuation` resumed from another task.
///
/// The same shape as ``WaitingBenchmarks``: the sleeper parks, a detached task spins until it
/// sees the sleeper registered, waits until the sleeper's thread has gone idle, reads the clock
/// and advances; the sleeper reads the clock when it resumes.
enum ClockBenchmarks {
  static func sleepResumedByAdvance() async -> Double {
    let clock = MockClock("bench")
    let waker = Task.detached { () -> ContinuousClock.Instant in
      while clock.sleeperCount == 0 { WaitingBenchmarks.backOff() }
      WaitingBenchmarks.spin(for: WaitingBenchmarks.parked)
      let now = Timing.clock.now
      await clock.advance(by: .seconds(1))
      return now
    }
    do {
      try await clock.sleep(for: .seconds(1))
    } catch {
      preconditionFailure("the benchmark's sleep was cancelled")
    }
    let resumed = Timing.clock.now
    return Timing.nanoseconds(resumed - (await waker.value))
  }

  static func run() async -> Comparison {
    await Comparison.measure(
      "MockClock.advance → sleeper resumes", against: "bare CheckedContinuation resume",
      rounds: 1_000, warmUp: 100,
      baseline: { await WaitingBenchmarks.bareContinuation(settle: WaitingBenchmarks.parked) },
      subject: { await sleepResumedByAdvance() })
  }
}
