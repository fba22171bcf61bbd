import Testing
import napkin

/// An interactor relying on every default of ``Interactable``.
private final actor BareInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
}

/// Binds a task in `didBecomeActive()` and reports, from `willResignActive()`, whether that task
/// was already cancelled.
private final actor TaskBindingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let observed = Recorder<String>()
  nonisolated let started: AsyncStream<Void>
  private let startedContinuation: AsyncStream<Void>.Continuation
  private(set) var boundTask: Task<Void, Never>?

  init() {
    (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
  }

  func didBecomeActive() async {
    boundTask = task { [observed, startedContinuation] in
      startedContinuation.yield()
      await suspendUntilCancelled()
      observed.record("operation sees cancelled: \(Task.isCancelled)")
    }
  }

  func willResignActive() async {
    observed.record("cancelled during willResignActive: \(boundTask?.isCancelled ?? true)")
  }
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@Suite(.timeLimit(.minutes(5)))
struct InteractableTests {
  @Test func defaults_activateAndDeactivateABareInteractor() async {
    let interactor = BareInteractor()
    var values = interactor.isActiveStream.makeAsyncIterator()

    await interactor.activate()
    #expect(interactor.isActive)
    await interactor.deactivate()

    #expect(!interactor.isActive)
    #expect(await values.next() == false)
    #expect(await values.next() == true)
    #expect(await values.next() == false)
  }

  @Test func activateTwice_runsDidBecomeActiveOnce() async {
    let interactor = ProbeInteractor()

    await interactor.activate()
    await interactor.activate()

    #expect(interactor.log.events == ["probe.didBecomeActive"])
    #expect(interactor.isActive)
  }

  @Test func deactivateTwice_runsWillResignActiveOnce() async {
    let interactor = ProbeInteractor()
    await interactor.activate()

    await interactor.deactivate()
    await interactor.deactivate()

    #expect(interactor.log.events == ["probe.didBecomeActive", "probe.willResignActive"])
    #expect(!interactor.isActive)
  }

  @Test func concurrentActivate_64Tasks_runsDidBecomeActiveOnce() async {
    let allStarted = Countdown(count: 64)
    let interactor = ProbeInteractor(onDidBecomeActive: { _ in await allStarted.wait() })

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 {
        group.addTask {
          allStarted.arrive()
          await interactor.activate()
        }
      }
    }

    #expect(interactor.log.events == ["probe.didBecomeActive"])
    #expect(interactor.isActive)
  }

  @Test func concurrentDeactivate_64Tasks_runsWillResignActiveOnce() async {
    let allStarted = Countdown(count: 64)
    let interactor = ProbeInteractor(onWillResignActive: { _ in await allStarted.wait() })
    await interactor.activate()

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 {
        group.addTask {
          allStarted.arrive()
          await interactor.deactivate()
        }
      }
    }

    #expect(interactor.log.events == ["probe.didBecomeActive", "probe.willResignActive"])
    #expect(!interactor.isActive)
  }

  @Test func interleavedStorm_1000Calls_callbacksStrictlyAlternate() async {
    let interactor = ProbeInteractor(
      onDidBecomeActive: { interactor in
        interactor.task { await suspendUntilCancelled() }
        await Task.yield()
      },
      onWillResignActive: { _ in await Task.yield() })
    var transitions = interactor.isActiveStream.makeAsyncIterator()

    await withTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        group.addTask {
          if index.isMultiple(of: 2) {
            await interactor.activate()
          } else {
            await interactor.deactivate()
          }
        }
      }
    }

    let events = interactor.log.events
    #expect(!events.isEmpty)
    #expect(alternates(events, first: "probe.didBecomeActive", second: "probe.willResignActive"))
    #expect(interactor.isActive == (events.last == "probe.didBecomeActive"))

    let values = await next(events.count + 1, from: &transitions)
    #expect(values.count == events.count + 1)
    let firstOutOfOrder = firstOutOfAlternation(values)
    #expect(firstOutOfOrder == nil, "stream values out of order at \(firstOutOfOrder ?? -1)")

    await interactor.deactivate()
    for task in interactor.lifecycle.boundTasks { await task.cancellableValue }
    #expect(interactor.lifecycle.boundTaskCount == 0)
  }

  @Test func isActive_isTrueInsideBothCallbacks_andFalseAfterDeactivate() async {
    let observed = Recorder<String>()
    // Reads both the synchronous property and the async `InteractorScope` requirement.
    let interactor = ProbeInteractor(
      onDidBecomeActive: { interactor in
        let scope: any InteractorScope = interactor
        observed.record("didBecomeActive: \(interactor.isActive), \(await scope.isActive)")
      },
      onWillResignActive: { interactor in
        let scope: any InteractorScope = interactor
        observed.record("willResignActive: \(interactor.isActive), \(await scope.isActive)")
      })

    await interactor.activate()
    await interactor.deactivate()

    #expect(observed.events == ["didBecomeActive: true, true", "willResignActive: true, true"])
    let scope: any InteractorScope = interactor
    #expect(!(await scope.isActive))
    #expect(!interactor.isActive)
  }

  @Test func boundTask_isNotCancelledDuringWillResignActive_butIsCancelledAfterIt() async {
    let interactor = TaskBindingInteractor()
    await interactor.activate()
    for await _ in interactor.started { break }
    let task = await interactor.boundTask

    await interactor.deactivate()

    #expect(task?.isCancelled == true)
    await task?.cancellableValue
    #expect(
      interactor.observed.events == [
        "cancelled during willResignActive: false", "operation sees cancelled: true",
      ])
    #expect(interactor.lifecycle.boundTaskCount == 0)
  }

  @Test func task_whileInactive_neverRunsAndReturnsCancelledTask() async {
    let interactor = ProbeInteractor()
    let ran = Recorder<String>()

    let task = interactor.task { ran.record("operation") }
    await task.cancellableValue

    #expect(task.isCancelled)
    #expect(ran.events.isEmpty)
    #expect(interactor.lifecycle.boundTaskCount == 0)
  }

  @Test func boundTasks_thatFinish_dropBoundTaskCountToZero() async {
    let finish = Gate()
    let interactor = ProbeInteractor(onDidBecomeActive: { interactor in
      for _ in 0..<8 { interactor.task { await finish.wait() } }
    })
    await interactor.activate()
    #expect(interactor.lifecycle.boundTaskCount == 8)
    let tasks = interactor.lifecycle.boundTasks

    finish.open()
    for task in tasks { await task.cancellableValue }

    #expect(interactor.lifecycle.boundTaskCount == 0)
    #expect(interactor.isActive)
  }

  @Test func deactivateAwaitedInsideDidBecomeActive_isAppliedAfterCallbackReturns() async {
    let interactor = ProbeInteractor(onDidBecomeActive: { interactor in
      await interactor.deactivate()
      interactor.log.record("didBecomeActive returns")
    })

    await interactor.activate()

    #expect(
      interactor.log.events == [
        "probe.didBecomeActive", "didBecomeActive returns", "probe.willResignActive",
      ])
    #expect(!interactor.isActive)
  }

  @Test func activateAwaitedInsideWillResignActive_isAppliedAfterCallbackReturns() async {
    let interactor = ProbeInteractor(onWillResignActive: { interactor in
      await interactor.activate()
      interactor.log.record("willResignActive returns")
    })
    await interactor.activate()

    await interactor.deactivate()

    #expect(
      interactor.log.events == [
        "probe.didBecomeActive", "probe.willResignActive", "willResignActive returns",
        "probe.didBecomeActive",
      ])
    #expect(interactor.isActive)
  }

  @Test func released_withoutDeactivation_cancelsBoundTasksAndFinishesStreams() async {
    var interactor: ProbeInteractor? = ProbeInteractor()
    weak let weakInteractor = interactor
    await interactor!.activate()
    // The operation does not capture the interactor, so it cannot keep it alive.
    let task = interactor!.task { await suspendUntilCancelled() }
    let stream = interactor!.isActiveStream

    interactor = nil

    #expect(weakInteractor == nil)
    #expect(task.isCancelled)
    await task.cancellableValue
    var values: [Bool] = []
    for await value in stream { values.append(value) }
    #expect(values == [true])
  }
}
