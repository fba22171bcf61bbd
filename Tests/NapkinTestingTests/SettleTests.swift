import NapkinTesting
import Testing

@Suite struct SettleTests {
  // MARK: One-shot work

  @Test func idleInteractor_settlesAtOnce() async {
    let sut = WorkInteractor()
    #expect(await settle(sut))
  }

  @Test func oneShotLoad_settleReturnsOnlyAfterTheWorkAfterTheRecordedCall() async {
    let sut = PagingInteractor(loader: MockLoader())
    await sut.activate()
    await sut.shown.waitForCall(1)

    #expect(await settle(sut))

    #expect(await sut.isLoading == false)
    #expect(sut.lifecycle.boundTaskCount == 0)
  }

  @Test func actingAfterSettle_isNeverDroppedByTheBusyGuard() async {
    let sut = PagingInteractor(loader: MockLoader())
    await sut.activate()
    await sut.shown.waitForCall(1)
    await settle(sut)

    await sut.loadMore()
    await sut.shown.waitForCall(2)
    await settle(sut)

    #expect(await sut.dropped == 0)
    #expect(await sut.loaded == 2)
  }

  // MARK: Parked work

  @Test func subscriptionLoop_parkedOnAMockStream_settles() async {
    let values = MockStream<Int>()
    let sut = SubscribingInteractor(values: values)
    await sut.activate()

    #expect(await settle(sut))
    #expect(values.subscriberCount == 1)
    #expect(sut.lifecycle.boundTaskCount == 1)
  }

  @Test func sendThenSettle_theLoopHasHandledTheValue() async {
    let values = MockStream<Int>()
    let sut = SubscribingInteractor(values: values)
    await sut.activate()
    await settle(sut)

    for value in 1...20 {
      values.send(value)
      await settle(sut)
      #expect(await sut.received.last == value)
    }
    #expect(await sut.received == Array(1...20))
    await sut.deactivate()
  }

  @Test func heldCall_countsAsParked_andReleaseMakesItBusyAgain() async {
    let loader = MockLoader()
    loader.hold(.fetch)
    let sut = PagingInteractor(loader: loader)
    await sut.activate()
    await loader.waitUntilHeld(.fetch)

    #expect(await settle(sut))
    #expect(await sut.isLoading)
    #expect(sut.shown.count == 0)

    loader.release(.fetch)
    await settle(sut)

    #expect(sut.shown == [1])
    #expect(await sut.isLoading == false)
  }

  @Test func deactivatingAParkedLoop_endsItsTask() async {
    let values = MockStream<Int>()
    let sut = SubscribingInteractor(values: values)
    await sut.activate()
    await settle(sut)

    await sut.deactivate()
    await settle(sut)

    #expect(sut.lifecycle.boundTaskCount == 0)
    #expect(values.subscriberCount == 0)
  }

  @Test func interactorStillActivating_isNotSettled_untilDidBecomeActiveReturns() async {
    let sut = SlowActivationInteractor()
    let activation = Task { await sut.activate() }
    await sut.started.waitForCall("didBecomeActive")

    var settled = true
    let issues = await withIssueCollector {
      settled = await settle(sut, timeout: .milliseconds(20))
    }

    #expect(!settled)
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains("still activating: didBecomeActive() is running") == true)
    sut.gate.open()
    #expect(await settle(sut))
    await activation.value
    #expect(sut.lifecycle.isActive)
    await sut.deactivate()
  }

  @Test @MainActor func childDetachedWhileSettling_whoseWorkOutlivesIt_theShrunkTreeSettles() async
  {
    let gate = Gate()
    let stubborn = StubbornInteractor(gate: gate)
    let root = TreeRouter(interactor: WorkInteractor())
    let child = TreeRouter(interactor: stubborn)
    await root.attachChild(child)
    await stubborn.events.waitForCall(.workStarted)

    // settle reads the tree (the child busy) before the detaching task can run on the main actor.
    let detaching = Task { @MainActor in await root.detachChild(child) }
    var settled = false
    let issues = await withIssueCollector {
      settled = await settle(root, timeout: .seconds(30))
    }

    #expect(settled)
    #expect(issues.isEmpty)
    #expect(root.children.isEmpty)
    await detaching.value
    gate.open()
    await stubborn.events.waitForCall(.workEnded)
  }

  // MARK: Timeouts and misuse

  @Test func boundTaskStuckOnAPlainAsyncStream_isReportedAtTheCallersLine() async {
    let sut = StuckInteractor()
    await sut.activate()
    var settled = true
    let settleLine: UInt = #line + 2
    let issues = await withIssueCollector {
      settled = await settle(sut, timeout: .milliseconds(20))
    }

    #expect(!settled)
    #expect(issues.count == 1)
    let issue = issues.first
    #expect(issue?.site.line == settleLine)
    #expect(issue?.site.fileID == #fileID)
    #expect(issue?.message.contains("settle(StuckInteractor) timed out") == true)
    #expect(issue?.message.contains("1 bound task is still busy") == true)
    #expect(
      issue?.message.contains("task {} at NapkinTestingTests/SettleFixtures.swift:") == true)
    #expect(issue?.message.contains("SettleFixtures.swift:\(StuckInteractor.stuckLine)") == true)
    await sut.deactivate()
  }

  @Test @MainActor func timeoutMessage_listsParkedTasksWithWhatTheyWaitOn() async {
    let values = MockStream<Int>(label: "scores")
    let parked = SubscribingInteractor(values: values)
    await parked.activate()
    await settle(parked)
    let stuck = StuckInteractor()
    await stuck.activate()
    let router = TreeRouter(interactor: parked)
    let child = TreeRouter(interactor: stuck)
    await router.attachChild(child)

    let issues = await withIssueCollector {
      await settle(router, timeout: .milliseconds(20))
    }

    let message = issues.first?.message ?? ""
    #expect(message.contains("busy: task {} at NapkinTestingTests/SettleFixtures.swift:"))
    #expect(message.contains("(TreeRouter > TreeRouter)"))
    #expect(
      message.contains(
        "parked: task {} at NapkinTestingTests/SettleFixtures.swift:"
          + "\(SubscribingInteractor.loopLine) (TreeRouter), waiting on the next value of scores"))
    await router.detachChild(child)
    await parked.deactivate()
  }

  @Test func boundTaskAwaitingAChildParkedOnAMockStream_settles() async {
    let values = MockStream<Int>()
    let sut = ChildTaskInteractor(values: values)
    await sut.activate()
    await values.waitForSubscribers()

    #expect(await settle(sut))
    #expect(sut.lifecycle.boundTaskCount == 1)
    values.send(1)
    await settle(sut)
    #expect(sut.lifecycle.boundTaskCount == 0)
  }

  @Test func negativeTimeout_isReportedAsAMisuse() async {
    let sut = WorkInteractor()
    var settled = true
    let issues = await withIssueCollector {
      settled = await settle(sut, timeout: .seconds(-1))
    }
    #expect(!settled)
    #expect(
      issues.map(\.message) == [
        "settle(WorkInteractor): the timeout (-1.0 seconds) must not be negative."
      ])
  }

  @Test func hugeTimeout_settlesNormally() async {
    let sut = PagingInteractor(loader: MockLoader())
    await sut.activate()
    #expect(await settle(sut, timeout: .seconds(Int64.max)))
    #expect(await sut.loaded == 1)
  }

  @Test func cancelledSettlingTask_returnsFalseAndReports() async {
    let sut = StuckInteractor()
    await sut.activate()
    let collector = IssueCollector()
    // Cancelled before it starts, and (second) while it waits.
    let early = Task {
      await collector.collect { await settle(sut, timeout: .seconds(600)) }
    }
    early.cancel()
    #expect(await early.value == false)
    let settling = Task {
      await collector.collect { await settle(sut, timeout: .seconds(600)) }
    }
    settling.cancel()
    #expect(await settling.value == false)
    #expect(collector.issues.first?.message.contains("cancelled") == true)
    await sut.deactivate()
  }

  // MARK: Router trees

  @Test @MainActor func routerTree_settlesWorkOfChildrenAttachedWhileSettling() async {
    let lengths = MockStream<Int>(label: "chain lengths")
    let rootInteractor = AttachingInteractor(lengths: lengths)
    let root = TreeRouter(interactor: rootInteractor)
    await rootInteractor.wire(router: root)
    await rootInteractor.activate()
    await root.load()
    await settle(root)

    lengths.send(3)
    #expect(await settle(root))

    // Three levels, each attached by the bound work of the level above it.
    #expect(root.depth == 4)
    #expect(rootInteractor.lifecycle.idleness.isIdle)
    await root.detachAll()
    await rootInteractor.deactivate()
  }

  @Test @MainActor func idleRouterTree_settlesEvenWithNoTimeLeft() async {
    // Interactors with no bound work: the tree is idle from the start.
    let root = TreeRouter(interactor: NeverActiveInteractor())
    await root.attachChild(TreeRouter(interactor: NeverActiveInteractor()))
    var settled = false
    let issues = await withIssueCollector { settled = await settle(root, timeout: .zero) }
    #expect(settled)
    #expect(issues.isEmpty)
    await root.detachAll()
  }

  @Test @MainActor func routerTree_repeatedActAndSettle_neverPolls() async {
    let lengths = MockStream<Int>(label: "chain lengths")
    let rootInteractor = AttachingInteractor(lengths: lengths)
    let root = TreeRouter(interactor: rootInteractor)
    await rootInteractor.wire(router: root)
    await rootInteractor.activate()
    // The loop subscribes in bound work: settle, or the first value is sent before it listens.
    await settle(root)
    for round in 1...10 {
      lengths.send(round % 4 + 1)
      #expect(await settle(root))
      #expect(root.children.count == round)
    }
    await root.detachAll()
    await rootInteractor.deactivate()
  }
}
