import NapkinTesting
import Testing

/// An object that keeps itself alive through a closure it stores.
private final class SelfRetaining: Sendable {
  private let retainer = Stub<@Sendable () -> Void>(label: "retainer")

  init() {
    retainer.value = { _ = self }
  }

  func breakCycle() {
    retainer.value = nil
  }
}

private final class MockDetailRouting: BaseMockRouter<Never> {}

@Suite struct ExpectDeallocatedTests {
  @Test func passesForAnObjectReleasedByTheScope() async {
    var released = false
    let issues = await withIssueCollector {
      released = await expectDeallocated {
        let interactor = MockInteractor()
        await interactor.activate()
        await interactor.deactivate()
        return interactor
      }
    }
    #expect(released)
    #expect(issues.isEmpty)
  }

  @Test func passesForAMainActorRouter() async {
    let released = await expectDeallocated {
      let router = MockDetailRouting()
      await router.load()
      return router
    }
    #expect(released)
  }

  @Test func reportsAnObjectTheTestKeeps() async {
    var kept: MockInteractor?
    var released = true
    let issues = await withIssueCollector {
      released = await expectDeallocated {
        let interactor = MockInteractor()
        kept = interactor
        return interactor
      }
    }
    #expect(!released)
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("MockInteractor was not deallocated"))
    #expect(kept != nil)
    kept = nil
  }

  @Test func keptObject_failsTheSwiftTestingTest() async {
    var kept: MockInteractor?
    await withKnownIssue {
      await expectDeallocated {
        let interactor = MockInteractor()
        kept = interactor
        return interactor
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("was not deallocated") }
    }
    #expect(kept != nil)
    kept = nil
  }

  @Test func reportsARetainCycle() async {
    let objects = CallRecorder<SelfRetaining>("objects", exhaustive: false)
    let issues = await withIssueCollector {
      await expectDeallocated {
        let object = SelfRetaining()
        objects.record(object)
        return object
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("SelfRetaining was not deallocated") == true)
    objects.all.first?.breakCycle()
    objects.reset()
  }

  @Test func interactorHeldBrieflyByItsCancelledBoundTask_isJudgedReleased() async {
    var released = false
    let issues = await withIssueCollector {
      // Hang guard: this test takes under 5 s under TSan, all suites in parallel; 60 s is > 10×.
      released = await expectDeallocated(timeout: .seconds(60)) {
        let sut = LingeringInteractor()
        await sut.activate()
        await sut.events.waitForCall(.workStarted, timeout: .seconds(10))
        await sut.deactivate()
        return sut
      }
    }
    #expect(released)
    #expect(issues.isEmpty)
  }

  @Test func interactorWithAStubbornBoundTask_isReportedAfterTheTimeout() async {
    let gate = Gate()
    let events = CallRecorder<WorkEvent>("events", exhaustive: false)
    let issues = await withIssueCollector {
      await expectDeallocated(timeout: .milliseconds(50)) {
        let sut = StubbornInteractor(gate: gate)
        await sut.activate()
        await sut.events.waitForCall(.workStarted, timeout: .seconds(10))
        await sut.deactivate()
        // Forward its end, so the test can wait for it after the check.
        let sutEvents = sut.events
        Task {
          await sutEvents.waitForCall(.workEnded, timeout: .seconds(10))
          events.record(.workEnded)
        }
        return sut
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("StubbornInteractor was not deallocated") == true)
    gate.open()
    #expect(await events.waitForCall(.workEnded, timeout: .seconds(10)))
  }
}
