import NapkinMutex
import Testing
import napkin

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@Suite(.timeLimit(.minutes(5)))
struct InteractorLifecycleTests {
  // MARK: Activation and deactivation

  @Test func activateTwice_runsCallbackOnce() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()

    await lifecycle.activate { log.record("didBecomeActive") }
    await lifecycle.activate { log.record("didBecomeActive") }

    #expect(log.events == ["didBecomeActive"])
    #expect(lifecycle.isActive)
  }

  @Test func deactivateWhileInactive_doesNotRunCallback() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()

    await lifecycle.deactivate { log.record("willResignActive") }

    #expect(log.events.isEmpty)
    #expect(!lifecycle.isActive)
  }

  @Test func deactivateTwice_runsCallbackOnce() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()
    await lifecycle.activate {}

    await lifecycle.deactivate { log.record("willResignActive") }
    await lifecycle.deactivate { log.record("willResignActive") }

    #expect(log.events == ["willResignActive"])
    #expect(!lifecycle.isActive)
  }

  @Test func concurrentActivate_64Callers_runsCallbackOnce() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()
    let allStarted = Countdown(count: 64)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 {
        group.addTask {
          allStarted.arrive()
          await lifecycle.activate {
            log.record("didBecomeActive")
            // Hold the transition open until every caller is on its way in.
            await allStarted.wait()
          }
        }
      }
    }

    #expect(log.events == ["didBecomeActive"])
    #expect(lifecycle.isActive)
  }

  @Test func concurrentDeactivate_64Callers_runsCallbackOnce() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()
    let allStarted = Countdown(count: 64)
    await lifecycle.activate {}

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 {
        group.addTask {
          allStarted.arrive()
          await lifecycle.deactivate {
            log.record("willResignActive")
            await allStarted.wait()
          }
        }
      }
    }

    #expect(log.events == ["willResignActive"])
    #expect(!lifecycle.isActive)
  }

  @Test func interleavedStorm_1000Calls_callbacksAndStreamStrictlyAlternate() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()
    var transitions = lifecycle.isActiveStream.makeAsyncIterator()

    await withTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        group.addTask {
          if index.isMultiple(of: 2) {
            await lifecycle.activate {
              log.record("didBecomeActive")
              lifecycle.register { await suspendUntilCancelled() }
              await Task.yield()
            }
          } else {
            await lifecycle.deactivate {
              log.record("willResignActive")
              await Task.yield()
            }
          }
        }
      }
    }

    let events = log.events
    #expect(!events.isEmpty)
    #expect(alternates(events, first: "didBecomeActive", second: "willResignActive"))
    #expect(lifecycle.isActive == (events.last == "didBecomeActive"))

    // Every transition yielded exactly one value, after the initial `false`.
    let values = await next(events.count + 1, from: &transitions)
    #expect(values.count == events.count + 1)
    let firstOutOfOrder = firstOutOfAlternation(values)
    #expect(firstOutOfOrder == nil, "stream values out of order at \(firstOutOfOrder ?? -1)")

    // Every bound task of the last activation ends with the final deactivation.
    await lifecycle.deactivate {}
    for task in lifecycle.boundTasks { await task.cancellableValue }
    #expect(lifecycle.boundTaskCount == 0)
  }

  @Test func activationStartedWhileDeactivationCancelsTasks_isOrderedAfterIt() async {
    let lifecycle = InteractorLifecycle()
    var values = lifecycle.isActiveStream.makeAsyncIterator()
    let observed = Recorder<String>()
    let reactivation = Mutex<Task<Void, Never>?>(nil)
    let handlerInstalled = Gate()
    await lifecycle.activate {}
    lifecycle.register {
      await withTaskCancellationHandler {
        handlerInstalled.open()
        await suspendUntilCancelled()
      } onCancel: {
        // Runs synchronously inside `deactivate`, while it cancels the bound tasks. The new
        // activation starts right here, on this thread, up to its first suspension.
        observed.record("active while tasks are cancelled: \(lifecycle.isActive)")
        let task = Task.immediate { await lifecycle.activate {} }
        reactivation.withLock { $0 = task }
      }
    }
    await handlerInstalled.wait()

    await lifecycle.deactivate {}
    await reactivation.withLock { $0 }?.cancellableValue

    #expect(observed.events == ["active while tasks are cancelled: true"])
    #expect(lifecycle.isActive)
    #expect(await values.next() == false)
    #expect(await values.next() == true)
    #expect(await values.next() == false)
    #expect(await values.next() == true)
  }

  @Test func isActive_isTrueDuringBothCallbacks_andFalseAfterDeactivate() async {
    let lifecycle = InteractorLifecycle()
    let observed = Recorder<String>()

    await lifecycle.activate { observed.record("didBecomeActive: \(lifecycle.isActive)") }
    await lifecycle.deactivate { observed.record("willResignActive: \(lifecycle.isActive)") }

    #expect(observed.events == ["didBecomeActive: true", "willResignActive: true"])
    #expect(!lifecycle.isActive)
  }

  @Test func deactivateRequestedInsideActivateCallback_isAppliedAfterCallbackReturns() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()

    await lifecycle.activate {
      log.record("didBecomeActive")
      await lifecycle.deactivate { log.record("willResignActive") }
      log.record("didBecomeActive returns")
    }

    #expect(log.events == ["didBecomeActive", "didBecomeActive returns", "willResignActive"])
    #expect(!lifecycle.isActive)
  }

  @Test func activateRequestedInsideDeactivateCallback_isAppliedAfterCallbackReturns() async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()
    await lifecycle.activate { log.record("didBecomeActive") }

    await lifecycle.deactivate {
      log.record("willResignActive")
      await lifecycle.activate { log.record("didBecomeActive") }
      log.record("willResignActive returns")
    }

    #expect(
      log.events == [
        "didBecomeActive", "willResignActive", "willResignActive returns", "didBecomeActive",
      ])
    #expect(lifecycle.isActive)
  }

  // MARK: Bound tasks

  @Test func register_whileInactive_neverRunsOperationAndReturnsCancelledTask() async {
    let lifecycle = InteractorLifecycle()
    let ran = Recorder<String>()

    let task = lifecycle.register { ran.record("operation") }
    await task.cancellableValue

    #expect(task.isCancelled)
    #expect(ran.events.isEmpty)
    #expect(lifecycle.boundTaskCount == 0)
  }

  @Test func register_afterDeactivation_neverRunsOperationAndReturnsCancelledTask() async {
    let lifecycle = InteractorLifecycle()
    let ran = Recorder<String>()
    await lifecycle.activate {}
    await lifecycle.deactivate {}

    let task = lifecycle.register { ran.record("operation") }
    await task.cancellableValue

    #expect(task.isCancelled)
    #expect(ran.events.isEmpty)
  }

  @Test func deactivate_cancelsBoundTaskOnlyAfterCallbackReturns() async {
    let lifecycle = InteractorLifecycle()
    let observed = Recorder<String>()
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    await lifecycle.activate {}
    let task = lifecycle.register {
      startedContinuation.yield()
      await suspendUntilCancelled()
      observed.record("operation sees cancelled: \(Task.isCancelled)")
    }
    for await _ in started { break }

    await lifecycle.deactivate {
      observed.record("cancelled during willResignActive: \(task.isCancelled)")
    }

    #expect(task.isCancelled)
    await task.cancellableValue
    #expect(
      observed.events == [
        "cancelled during willResignActive: false", "operation sees cancelled: true",
      ])
    #expect(lifecycle.boundTaskCount == 0)
  }

  @Test func boundTasks_finishingOnTheirOwn_dropBoundTaskCountToZero() async {
    let lifecycle = InteractorLifecycle()
    let finish = Gate()
    await lifecycle.activate {}

    let tasks = (0..<10).map { _ in lifecycle.register { await finish.wait() } }
    #expect(lifecycle.boundTaskCount == 10)

    finish.open()
    for task in tasks { await task.cancellableValue }

    #expect(lifecycle.boundTaskCount == 0)
    #expect(lifecycle.boundTasks.isEmpty)
    #expect(tasks.allSatisfy { !$0.isCancelled })
    #expect(lifecycle.isActive)
  }

  @Test func released_withoutDeactivation_cancelsBoundTasksAndFinishesStreams() async {
    var lifecycle: InteractorLifecycle? = InteractorLifecycle()
    weak let weakLifecycle = lifecycle
    await lifecycle!.activate {}
    let started = Gate()
    let task = lifecycle!.register {
      started.open()
      await suspendUntilCancelled()
    }
    let stream = lifecycle!.isActiveStream
    // Once the task runs its operation, it holds the lifecycle only weakly.
    await started.wait()

    lifecycle = nil

    #expect(weakLifecycle == nil)
    #expect(task.isCancelled)
    await task.cancellableValue
    var values: [Bool] = []
    for await value in stream { values.append(value) }
    #expect(values == [true])
  }

  // MARK: isActiveStream

  @Test func isActiveStream_yieldsCurrentValueThenEachTransition() async {
    let lifecycle = InteractorLifecycle()
    var values = lifecycle.isActiveStream.makeAsyncIterator()

    #expect(await values.next() == false)
    await lifecycle.activate {}
    #expect(await values.next() == true)
    await lifecycle.activate {}
    await lifecycle.deactivate {}
    #expect(await values.next() == false)
    await lifecycle.activate {}
    #expect(await values.next() == true)
  }

  @Test func isActiveStream_twoSubscribers_areIndependent() async {
    let lifecycle = InteractorLifecycle()
    var first = lifecycle.isActiveStream.makeAsyncIterator()
    await lifecycle.activate {}
    var second = lifecycle.isActiveStream.makeAsyncIterator()
    await lifecycle.deactivate {}

    #expect(await first.next() == false)
    #expect(await first.next() == true)
    #expect(await first.next() == false)
    #expect(await second.next() == true)
    #expect(await second.next() == false)
  }

  @Test func isActiveStream_subscribersThatStopIterating_areRemoved() async {
    let lifecycle = InteractorLifecycle()
    var stayingSubscriber = lifecycle.isActiveStream.makeAsyncIterator()
    #expect(await stayingSubscriber.next() == false)
    let baseline = lifecycle.subscriberCount
    #expect(baseline == 1)

    for round in 0..<200 {
      let consumer = Task {
        for await _ in lifecycle.isActiveStream { break }
      }
      await consumer.cancellableValue
      #expect(lifecycle.subscriberCount == baseline, "round \(round)")
    }

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for await _ in lifecycle.isActiveStream { break }
        }
      }
    }
    #expect(lifecycle.subscriberCount == baseline)

    // The remaining subscriber still receives transitions.
    await lifecycle.activate {}
    #expect(await stayingSubscriber.next() == true)
  }

  @Test func isActiveStream_subscriberWhoseTaskIsCancelled_isRemoved() async {
    let lifecycle = InteractorLifecycle()
    let (received, receivedContinuation) = AsyncStream.makeStream(of: Bool.self)
    let consumer = Task {
      for await value in lifecycle.isActiveStream { receivedContinuation.yield(value) }
    }
    for await _ in received { break }
    #expect(lifecycle.subscriberCount == 1)

    consumer.cancel()
    await consumer.cancellableValue

    #expect(lifecycle.subscriberCount == 0)
  }
}
