import NapkinTesting

/// What a fixture interactor's lifecycle callbacks and bound work did.
enum WorkEvent: Equatable, Sendable {
  case didBecomeActive
  case willResignActive
  case workStarted
  case workEnded
}

/// A correct interactor: its callbacks run once per edge and its bound work ends when cancelled.
final actor WorkInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  /// Not exhaustive: tests read it to synchronise, not to assert every event.
  nonisolated let events = CallRecorder<WorkEvent>("WorkInteractor.events", exhaustive: false)
  private let ticker = Ticker()

  func didBecomeActive() async {
    events.record(.didBecomeActive)
    let events = self.events
    let ticks = ticker.stream
    task {
      events.record(.workStarted)
      for await _ in ticks {}
      events.record(.workEnded)
    }
  }

  func willResignActive() async {
    events.record(.willResignActive)
  }
}

/// An interactor whose bound task ignores cancellation: it waits for `gate` no matter what.
final actor StubbornInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let events = CallRecorder<WorkEvent>("StubbornInteractor.events", exhaustive: false)
  let gate: Gate

  init(gate: Gate) {
    self.gate = gate
  }

  func didBecomeActive() async {
    task {
      // Holds `self` until the gate opens.
      self.events.record(.workStarted)
      await self.gate.wait()
      self.events.record(.workEnded)
    }
  }
}

/// An interactor whose cancelled bound task still holds it for a while before ending.
final actor LingeringInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let events = CallRecorder<WorkEvent>("LingeringInteractor.events", exhaustive: false)
  private let ticker = Ticker()
  private var cleanups = 0

  func didBecomeActive() async {
    let ticks = ticker.stream
    task {
      self.events.record(.workStarted)
      for await _ in ticks {}
      // Cancelled: keep `self` alive across several suspensions before ending. Each one waits its
      // turn behind every other test's work, so keep them few: 200 took over 10 s under TSan.
      for _ in 0..<20 {
        await Task.yield()
        self.cleanUp()
      }
      self.events.record(.workEnded)
    }
  }

  private func cleanUp() {
    cleanups += 1
  }
}

/// A broken interactor: its `activate()` runs `didBecomeActive()` on every call.
final actor DoubleActivatingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let events = CallRecorder<WorkEvent>("DoubleActivatingInteractor.events")

  func activate() async {
    await lifecycle.activate {}
    await didBecomeActive()
  }

  func didBecomeActive() async {
    events.record(.didBecomeActive)
  }
}

/// A broken interactor: its `deactivate()` runs `willResignActive()` on every call.
final actor DoubleDeactivatingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let events = CallRecorder<WorkEvent>("DoubleDeactivatingInteractor.events")

  func deactivate() async {
    await willResignActive()
    await lifecycle.deactivate {}
  }

  func willResignActive() async {
    events.record(.willResignActive)
  }
}

/// A broken interactor: `activate()` does nothing, so it never becomes active.
final actor NeverActiveInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()

  func activate() async {}
}

/// A broken interactor: `deactivate()` does nothing, so once active it stays active.
final actor NeverInactiveInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()

  func deactivate() async {}
}
