import Testing
import napkin

@MainActor
private final class MainActorCounter {
  var value = 0
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@Suite(.timeLimit(.minutes(5)))
struct DispatchTests {
  @Test func dispatch_runsItsAction() async {
    let ran = Recorder<String>()

    let task = dispatch { ran.record("action") }
    await task.cancellableValue

    #expect(ran.events == ["action"])
  }

  @MainActor
  @Test func dispatch_fromMainActor_runsActionOnMainActor() async {
    let counter = MainActorCounter()

    await dispatch {
      // Touching main-actor state synchronously compiles only in a main-actor closure.
      counter.value += 1
      #expect(#isolation === MainActor.shared)
    }.cancellableValue

    #expect(counter.value == 1)
  }

  @Test func dispatch_returnsTaskThatCanBeCancelled() async {
    let observed = Recorder<String>()
    let started = Gate()

    let task = dispatch {
      started.open()
      await suspendUntilCancelled()
      observed.record("cancelled: \(Task.isCancelled)")
    }
    await started.wait()
    task.cancel()
    await task.cancellableValue

    #expect(observed.events == ["cancelled: true"])
  }
}
