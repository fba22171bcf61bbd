import NapkinTesting

/// `settle(_:)` on an interactor that is idle already, against the least such a call must do:
/// take the lifecycle's lock once and read a flag (`lifecycle.isActive`, the same lock).
///
/// Two idle interactors: an active one with no bound tasks, and one whose bound task is parked on
/// a `MockStream` waiting for its next value (a subscription loop, the common long-lived case).
/// Both calls return `true` without suspending; every result is checked.
enum SettleBenchmarks {
  static let callsPerRound = 10_000

  /// An active interactor with no bound work.
  final actor IdleInteractor: Interactable {
    nonisolated let lifecycle = InteractorLifecycle()
  }

  /// An active interactor whose one bound task loops over a `MockStream` nobody sends on.
  final actor SubscribedInteractor: Interactable {
    nonisolated let lifecycle = InteractorLifecycle()
    nonisolated let values = MockStream<Int>(label: "bench.values")
    private(set) var received = 0

    func didBecomeActive() async {
      task {
        for await _ in self.values.stream() { self.receive() }
      }
    }

    private func receive() { received += 1 }
  }

  /// Nanoseconds per `settle(_:)` call on the idle `interactor`.
  static func settleCalls(_ interactor: some Interactable) async -> Double {
    var settled = true
    let nanoseconds = await Timing.perOperation(callsPerRound) {
      for _ in 0..<callsPerRound {
        let result = await settle(interactor)
        settled = settled && result
      }
    }
    precondition(settled, "settle(_:) did not find the interactor idle")
    return nanoseconds
  }

  /// Nanoseconds per read of `lifecycle.isActive`: one lock, one flag.
  static func flagReads(_ interactor: some Interactable) -> Double {
    var active = true
    let nanoseconds = Timing.perOperation(callsPerRound) {
      for _ in 0..<callsPerRound { active = active && interactor.lifecycle.isActive }
    }
    precondition(active, "the interactor is not active")
    return nanoseconds
  }

  static func run() async -> (idle: Comparison, parked: Comparison) {
    let idle = IdleInteractor()
    await idle.activate()
    let subscribed = SubscribedInteractor()
    await subscribed.activate()
    // Returns once the loop is parked on the stream; from here on every settle is immediate.
    let parked = await settle(subscribed)
    precondition(parked, "the subscription loop did not park")
    precondition(subscribed.lifecycle.boundTaskCount == 1, "expected one bound task")

    let idleRow = await Comparison.measure(
      "settle(_:), active, 0 bound tasks", against: "lifecycle.isActive (lock + flag)",
      rounds: 200, warmUp: 20,
      baseline: { flagReads(idle) }, subject: { await settleCalls(idle) })
    let parkedRow = await Comparison.measure(
      "settle(_:), 1 task parked on a MockStream", against: "lifecycle.isActive (lock + flag)",
      rounds: 200, warmUp: 20,
      baseline: { flagReads(subscribed) }, subject: { await settleCalls(subscribed) })

    precondition(subscribed.lifecycle.boundTaskCount == 1, "the parked task ended early")
    await idle.deactivate()
    await subscribed.deactivate()
    return (idleRow, parkedRow)
  }
}
