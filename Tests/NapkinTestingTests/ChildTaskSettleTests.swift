import NapkinMutex
import NapkinTesting
import Testing

/// How long a held call in these tests waits before it is released with a failure: a hang guard,
/// never reached when the test works. In a loaded parallel run these tests waited their turn
/// behind hundreds of others for longer than the 5 s default, and a held call's timer must not
/// race the test's own steps.
private let hangGuard = Duration.seconds(60)

/// A fresh service holding `held` (each call with the hang guard), and the interactor `make`
/// builds on it, activated, once one call of each method in `awaited` (`held` by default) is held.
private func activated<Interactor: Interactable>(
  holding held: [ProfileMethod], awaiting awaited: [ProfileMethod]? = nil,
  isolation: isolated (any Actor)? = #isolation, fileID: String = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, _ make: (MockProfileService) -> Interactor
) async -> (service: MockProfileService, sut: Interactor) {
  let service = MockProfileService()
  for method in held { service.hold(method, timeout: hangGuard) }
  let sut = make(service)
  await sut.activate()
  for method in awaited ?? held {
    await service.waitUntilHeld(
      method, fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return (service, sut)
}

/// Settles `sut` with a `timeout` that must pass, since something of its tree stays busy; returns
/// whether it settled all the same and the message of the failure it reported.
private func settleTimingOut(
  _ sut: some Interactable, after timeout: Duration
) async -> (settled: Bool, message: String) {
  var settled = true
  let issues = await withIssueCollector {
    settled = await settle(sut, timeout: timeout)
  }
  return (settled, issues.first?.message ?? "")
}

/// Settle and the clock see a bound task's structured children: `async let`, task groups,
/// discarding task groups, nested to any depth.
@Suite struct ChildTaskSettleTests {
  @Test(arguments: [true, false])
  func parallelFetch_bothHeld_settles_andEitherAnswerFirstShowsBoth(profileFirst: Bool) async {
    let (service, sut) = await activated(
      holding: [.profile, .orders], ParallelFetchInteractor.init)

    #expect(await settle(sut, timeout: .seconds(30)))
    #expect(sut.shown.count == 0)

    service.release(profileFirst ? .profile : .orders)
    #expect(await settle(sut, timeout: .seconds(30)))
    #expect(sut.shown.count == 0)
    service.release(profileFirst ? .orders : .profile)
    #expect(await settle(sut, timeout: .seconds(30)))
    #expect(sut.shown == ["Ada: 3"])
    #expect(sut.lifecycle.boundTaskCount == 0)
    _ = service.calls.count
  }

  @Test func parallelFetch_settledFromADetachedTask_andFromTwoTasksAtOnce() async {
    let (service, sut) = await activated(
      holding: [.profile, .orders], ParallelFetchInteractor.init)

    // Settling reads the lifecycle, not the calling task: a detached task and two concurrent
    // settles see the same parked children.
    let detached = await Task.detached { await settle(sut, timeout: .seconds(30)) }.value
    #expect(detached)
    service.release(.profile)
    async let first = settle(sut, timeout: .seconds(30))
    async let second = settle(sut, timeout: .seconds(30))
    #expect(await (first, second) == (true, true))
    #expect(sut.shown.count == 0)
    service.release(.orders)
    #expect(await Task.detached { await settle(sut, timeout: .seconds(30)) }.value)
    #expect(sut.shown == ["Ada: 3"])
    _ = service.calls.count
  }

  @Test func parallelFetch_oneFails_whileTheOtherIsHeld() async {
    let service = MockProfileService()
    service.hold(.orders, timeout: hangGuard)
    service.failingMethods = [.profile]
    let sut = ParallelFetchInteractor(service: service)
    await sut.activate()
    await service.waitUntilHeld(.orders)
    #expect(await settle(sut))
    service.release(.orders)
    #expect(await settle(sut))
    #expect(sut.shown == ["?: 3"])
    _ = service.calls.count
  }

  @Test func threeChildren_oneNestingTwoMore_settleWhileAllAreHeld() async {
    let service = MockProfileService()
    for method in [ProfileMethod.profile, .orders, .item] {
      service.hold(method, timeout: hangGuard)
    }
    let sut = NestedFetchInteractor(service: service)
    await sut.activate()
    await service.waitUntilHeld(.item, count: 2)
    await service.waitUntilHeld(.profile)
    await service.waitUntilHeld(.orders)

    #expect(await settle(sut))
    service.release(.item)
    #expect(await settle(sut))
    #expect(sut.shown.count == 0)
    service.release(.profile)
    service.release(.orders)
    #expect(await settle(sut))
    #expect(sut.shown == ["Ada 3 [1, 2]"])
    _ = service.calls.count
  }

  @Test(arguments: [false, true])
  func taskGroupOf100HeldCalls_settles_thenReleasingAllSums(discarding: Bool) async {
    let service = MockProfileService()
    service.hold(.item, timeout: hangGuard)
    let sut = FanOutInteractor(service: service, count: 100, discarding: discarding)
    await sut.activate()
    await service.waitUntilHeld(.item, count: 100)

    #expect(await settle(sut))
    #expect(sut.total.count == 0)
    service.release(.item)
    #expect(await settle(sut))
    #expect(sut.total == [5_050])
    _ = service.calls.count
  }

  @Test func childrenOnAHeldCallAStreamAndAClock_settle_andEachMoveSettlesAgain() async {
    let service = MockProfileService()
    service.hold(.profile, timeout: hangGuard)
    let prices = MockStream<Int>(label: "prices")
    let clock = MockClock()
    let sut = MixedWaitsInteractor(service: service, prices: prices, clock: clock)
    await sut.activate()
    await service.waitUntilHeld(.profile)
    await prices.waitForSubscribers()
    await clock.waitForSleepers(count: 1)

    #expect(await settle(sut))
    prices.send(7)
    #expect(await settle(sut))
    await clock.advance(by: .seconds(2))
    #expect(sut.shown.count == 0)
    #expect(await settle(sut))
    service.release(.profile)
    #expect(await settle(sut))
    #expect(sut.shown == ["Ada 7 true"])
    _ = service.calls.count
  }

  @Test func childDoingRealWork_isBusy_andTheTimeoutNamesTheTaskAndItsParkedChild() async {
    let (service, sut) = await activated(holding: [.profile], BusyChildInteractor.init)

    let (settled, message) = await settleTimingOut(sut, after: .milliseconds(50))

    #expect(!settled)
    #expect(message.contains("1 bound task is still busy"))
    #expect(message.contains("ChildTaskFixtures.swift:\(BusyChildInteractor.taskLine)"))
    #expect(message.contains("awaiting child tasks: 1 parked (a held call of profile"))
    sut.stop.store(true, ordering: .relaxed)
    service.release(.profile)
    #expect(await settle(sut))
    _ = service.calls.count
  }

  @Test func unstructuredTaskInsideABoundTask_isNotAChild_andTheTimeoutSaysSo() async {
    let (service, sut) = await activated(holding: [.profile], UnstructuredInsideInteractor.init)

    let (settled, message) = await settleTimingOut(sut, after: .milliseconds(50))

    #expect(!settled)
    #expect(message.contains("1 bound task is still busy"))
    #expect(message.contains("a Task {} it started, which is not a child"))
    service.release(.profile)
    #expect(await settle(sut))
    _ = service.calls.count
  }
}

/// Settle never calls a tree settled while a task in it can run, or reports it once it learns so.
@Suite struct ChildTaskSoundnessTests {
  @Test func childQueuedOnItsInteractor_whileAnotherTaskKeepsItBusy_isNotSettled() async {
    let (service, sut) = await activated(
      holding: [.orders, .profile], awaiting: [.orders], ActorHopChildInteractor.init)
    let blocking = sut.keepBusy()
    await sut.blocker.waitUntilBlocking()
    // One child parks on the held profile call; the other waits for the busy actor, where no
    // job of the tree is counted.
    service.release(.orders)
    await service.waitUntilHeld(.profile)

    // Must time out: the actor stays busy until the blocker opens, after this settle.
    let (settled, message) = await settleTimingOut(sut, after: .milliseconds(300))
    let hoppedWhenSettled = sut.hopped.load(ordering: .relaxed)
    sut.blocker.open()
    await blocking.value

    #expect(!settled)
    #expect(!hoppedWhenSettled)
    #expect(message.contains("awaiting child tasks: 1 parked (a held call of profile)"))
    #expect(message.contains("its interactor's actor while other work keeps it busy"))
    service.release(.profile)
    #expect(await settle(sut))
    let hopped = sut.hopped.load(ordering: .relaxed)
    #expect(hopped)
    _ = service.calls.count
  }

  @Test func parkedChildren_settleWithHugeAndZeroTimeouts_andANegativeOneIsReported() async {
    let (service, sut) = await activated(
      holding: [.profile, .orders], ParallelFetchInteractor.init)

    #expect(await settle(sut, timeout: .seconds(Int64.max)))
    #expect(await settle(sut, timeout: .zero))
    let issues = await withIssueCollector { _ = await settle(sut, timeout: .seconds(-1)) }
    #expect(issues.count == 1)
    service.release(.profile)
    service.release(.orders)
    #expect(await settle(sut, timeout: .seconds(Int64.max)))
    _ = service.calls.count
  }

  @MainActor @Test func fromTheMainActor_anInteractorKeptBusy_timesOut_thenIsLetGo() async {
    // Its tree's confirmations pass through its actor: none may keep it alive once it is done.
    await expectDeallocated {
      let (service, sut) = await activated(
        holding: [.orders, .profile], awaiting: [.orders], ActorHopChildInteractor.init)
      let blocking = sut.keepBusy()
      await sut.blocker.waitUntilBlocking()
      service.release(.orders)
      await service.waitUntilHeld(.profile)
      // Must time out: the actor stays busy until the blocker opens, after this settle.
      let (settled, _) = await settleTimingOut(sut, after: .milliseconds(100))
      #expect(!settled)
      sut.blocker.open()
      await blocking.value
      service.release(.profile)
      #expect(await settle(sut))
      await sut.deactivate()
      _ = service.calls.count
      return sut
    }
  }

  @Test func boundTaskParkedItself_whileAChildStillWorks_isBusy() async {
    let (service, sut) = await activated(holding: [.profile], ParkedTaskBusyChildInteractor.init)

    let (settled, message) = await settleTimingOut(sut, after: .milliseconds(50))

    #expect(!settled)
    #expect(message.contains("1 bound task is still busy"))
    #expect(message.contains("parked itself on a held call of profile"))
    #expect(message.contains("while a child task it started still runs"))
    sut.stop.store(true, ordering: .relaxed)
    service.release(.profile)
    #expect(await settle(sut))
    _ = service.calls.count
  }

  @Test func childWaitingOutsideNapkinTesting_whileASiblingIsParked_isReportedWhenItMoves() async {
    let (service, sut) = await activated(holding: [.profile], OutsideWaitInteractor.init)
    await sut.gate.waitUntilWaitedOn()

    let issues = await withIssueCollector {
      // Nothing of the tree can run now: the settle cannot tell the gate from a held call.
      _ = await settle(sut)
      sut.gate.open()
      service.release(.profile)
      _ = await settle(sut)
    }

    let message = issues.map(\.message).joined(separator: "\n")
    #expect(issues.count == 1)
    #expect(message.contains("settle(OutsideWaitInteractor) returned"))
    #expect(message.contains("ChildTaskFixtures.swift:\(OutsideWaitInteractor.taskLine)"))
    #expect(message.contains("resumed by something NapkinTesting does not control"))
    #expect(sut.shown == ["Ada"])
    _ = service.calls.count
  }

  @Test func aSettleRepeatedAtOneLine_inAFreshCollector_reportsAMoveToThatCollectorAtOnce() async {
    let (service, sut) = await activated(holding: [.profile], OutsideWaitInteractor.init)
    await sut.gate.waitUntilWaitedOn()
    func settleAtOneLine() async { _ = await settle(sut) }

    // Collectors made one after another may reuse one address: the report of the second settle
    // at the same line must still go to the second.
    let first = await withIssueCollector { await settleAtOneLine() }
    let second = await withIssueCollector {
      await settleAtOneLine()
      sut.gate.open()  // resumes the tree from this thread: reported here, at once
    }
    service.release(.profile)
    _ = await settle(sut)

    #expect(first.isEmpty)
    #expect(second.count == 1)
    #expect(second.first?.message.contains("settle(OutsideWaitInteractor) returned") == true)
    _ = service.calls.count
  }

  @Test func movedFromOutside_offTheTestsTask_isReportedToTheTestByItsNextSettle() async {
    let (service, sut) = await activated(holding: [.profile], OutsideWaitInteractor.init)
    await sut.gate.waitUntilWaitedOn()

    await withKnownIssue {
      _ = await settle(sut)
      // Resumed on a thread of no test: the report is kept for the next settle of `sut`.
      await Task.detached { sut.gate.open() }.value
      service.release(.profile)
      _ = await settle(sut)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("settle(OutsideWaitInteractor) returned") }
    }
    #expect(sut.shown == ["Ada"])
    _ = service.calls.count
  }

  @Test func childAsleepOnTheRealClock_wokenByDeactivation_isNotReported() async {
    // Cancelling ends the real sleep at once, maybe before the held call's park is let go.
    for _ in 0..<20 {
      let (service, sut) = await activated(holding: [.profile], RealSleepChildInteractor.init)

      let issues = await withIssueCollector {
        _ = await settle(sut)
        await sut.deactivate()
        _ = await settle(sut)
      }

      #expect(issues.isEmpty)
      #expect(sut.lifecycle.boundTaskCount == 0)
      _ = service.calls.count
    }
  }
}
