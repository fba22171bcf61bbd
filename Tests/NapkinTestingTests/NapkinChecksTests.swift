import NapkinTesting
import Testing

private enum Step: Equatable, Sendable {
  case one
  case two
}

private struct BodyError: Error, Equatable {}

private final class MockFeatureRouting: BaseMockRouter<Step> {
  func go(_ step: Step) { record(step) }
}

@Suite struct NapkinChecksTests {
  // MARK: Leaks

  @Test func withNapkinChecks_passesWhenTrackedObjectsAreReleased() async {
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let interactor = MockInteractor()
        expectDeallocatedAtEnd(interactor)
        await interactor.activate()
        await interactor.deactivate()
        let router = MockFeatureRouting()
        expectDeallocatedAtEnd(router)
        await router.load()
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func withNapkinChecks_reportsALeakedTrackedObject() async {
    let leaked = MockInteractor()
    let issues = await withIssueCollector {
      await withNapkinChecks {
        expectDeallocatedAtEnd(leaked)
      }
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("MockInteractor was not deallocated by the end of the test"))
    withExtendedLifetime(leaked) {}
  }

  @Test func withNapkinChecks_leakedObject_failsTheSwiftTestingTest() async {
    let leaked = MockInteractor()
    await withKnownIssue {
      await withNapkinChecks {
        expectDeallocatedAtEnd(leaked)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("was not deallocated") }
    }
    withExtendedLifetime(leaked) {}
  }

  @Test func withNapkinChecks_attributesALeakToTheExpectReleasedAtEndLine() async {
    let leaked = MockInteractor()
    let line: UInt = #line + 3
    let issues = await withIssueCollector {
      await withNapkinChecks {
        expectDeallocatedAtEnd(leaked)
      }
    }
    #expect(issues.first?.site.line == line)
    #expect(issues.first?.site.fileID == #fileID)
    withExtendedLifetime(leaked) {}
  }

  @Test func withNapkinChecks_waitsForAnInteractorsCancelledBoundTasksBeforeJudgingALeak() async {
    let issues = await withIssueCollector {
      // Hang guard: this test takes under 5 s under TSan, all suites in parallel; 60 s is > 10×.
      await withNapkinChecks(timeout: .seconds(60)) {
        let sut = LingeringInteractor()
        expectDeallocatedAtEnd(sut)
        await sut.activate()
        await sut.events.waitForCall(.workStarted, timeout: .seconds(10))
        await sut.deactivate()
      }
    }
    #expect(issues.isEmpty)
  }

  // MARK: Bound tasks

  @Test func withNapkinChecks_reportsATrackedInteractorWithABoundTaskRunning() async {
    let sut = WorkInteractor()
    let issues = await withIssueCollector {
      await withNapkinChecks(timeout: .milliseconds(50)) {
        expectNoBoundTasksAtEnd(sut)
        await sut.activate()
        await sut.events.waitForCall(.workStarted, timeout: .seconds(10))
      }
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(
      message.contains("WorkInteractor still has 1 bound task running at the end of the test"))
    #expect(message.contains("active: true"))
    await sut.deactivate()
  }

  @Test func withNapkinChecks_runningBoundTask_failsTheSwiftTestingTest() async {
    let sut = WorkInteractor()
    await withKnownIssue {
      await withNapkinChecks(timeout: .milliseconds(50)) {
        expectNoBoundTasksAtEnd(sut)
        await sut.activate()
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("bound task running at the end of the test") }
    }
    await sut.deactivate()
  }

  @Test func withNapkinChecks_reportsABoundTaskIgnoringCancellationAfterDeactivation() async {
    let gate = Gate()
    let sut = StubbornInteractor(gate: gate)
    let issues = await withIssueCollector {
      await withNapkinChecks(timeout: .milliseconds(50)) {
        expectNoBoundTasksAtEnd(sut)
        await sut.activate()
        await sut.deactivate()
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("active: false") == true)
    gate.open()
    await sut.events.waitForCall(.workEnded, timeout: .seconds(10))
  }

  @Test func withNapkinChecks_passesWhenTheTrackedInteractorWasDeactivated() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(timeout: .seconds(10)) {
        let sut = WorkInteractor()
        expectNoBoundTasksAtEnd(sut)
        expectDeallocatedAtEnd(sut)
        await sut.activate()
        await sut.events.waitForCall(.workStarted, timeout: .seconds(10))
        await sut.deactivate()
      }
    }
    #expect(issues.isEmpty)
  }

  // MARK: Strict mode

  @Test func strict_reportsRecordedCallsNoAssertionRead() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let recorder = CallRecorder<Step>("steps")
        recorder.record(.one)
        recorder.record(.two)
      }
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("Strict checks"))
    #expect(message.contains("steps recorded 2 calls no assertion read: one, two"))
  }

  @Test func strict_reportsOnlyTheCallsAfterTheLastRead() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let recorder = CallRecorder<Step>("steps")
        recorder.record(.one)
        #expect(recorder == [.one])
        recorder.record(.two)
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("steps recorded 1 call no assertion read: two") == true)
  }

  @Test func strict_unassertedCalls_failTheSwiftTestingTest() async {
    await withKnownIssue {
      await withNapkinChecks(strict: true) {
        let recorder = CallRecorder<Step>("steps")
        recorder.record(.one)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Strict checks") }
    }
  }

  @Test func strict_passesWhenEveryCallWasAsserted() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let auth = MockAuthService()
        auth.loginResult.value = User(name: "Ada")
        _ = try? await auth.login()
        let router = MockFeatureRouting()
        await router.go(.one)
        await router.go(.two)
        #expect(auth.calls == [.login])
        #expect(router.calls.last == .two)
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func strict_awaitedCallsCountAsAsserted() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let recorder = CallRecorder<Step>("steps")
        let producer = Task.detached { recorder.record(.one) }
        #expect(await recorder.waitForCall(.one, timeout: .seconds(10)))
        await producer.value
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func nonStrict_doesNotReportUnassertedCalls() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: false) {
        let recorder = CallRecorder<Step>("steps")
        recorder.record(.one)
        recorder.record(.two)
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func strict_ignoresTheRoutingInfrastructureAndMockInteractorEvents() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let router = MockLaunchNapkinRouting()
        await router.launch()
        let child = MockFeatureRouting()
        await router.attachChild(child)
        await router.detachChild(child)
        await child.load()
        let interactor = MockInteractor()
        await interactor.activate()
        await interactor.deactivate()
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func strict_ignoresNonExhaustiveRecorders() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let recorder = CallRecorder<Step>("diagnostics", exhaustive: false)
        recorder.record(.one)
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func strict_checksOnlyRecordersCreatedInsideTheScope() async {
    let outside = CallRecorder<Step>("outside")
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        outside.record(.one)
      }
    }
    #expect(issues.isEmpty)
    #expect(outside == [.one])
  }

  // MARK: The scope itself

  @Test func withNapkinChecks_returnsTheBodysValue() async {
    let value = await withNapkinChecks { 42 }
    #expect(value == 42)
  }

  @Test func withNapkinChecks_rethrowsTheBodysError_afterRunningTheChecks() async {
    let leaked = MockInteractor()
    var thrown: (any Error)?
    let issues = await withIssueCollector {
      do {
        try await withNapkinChecks { () throws(BodyError) in
          expectDeallocatedAtEnd(leaked)
          throw BodyError()
        }
      } catch {
        thrown = error
      }
    }
    #expect(thrown as? BodyError == BodyError())
    #expect(issues.count == 1)
    withExtendedLifetime(leaked) {}
  }

  @Test func nestedScopes_checkTheirOwnObjects() async {
    let leaked = MockInteractor()
    let issues = await withIssueCollector {
      await withNapkinChecks {
        await withNapkinChecks {
          expectDeallocatedAtEnd(leaked)
        }
        #expect(leaked.activationCount == 0)
      }
    }
    // Reported once, by the inner scope that tracked it.
    #expect(issues.count == 1)
    withExtendedLifetime(leaked) {}
  }

  @Test func expectDeallocatedAtEnd_outsideAScope_reportsMisuse() async {
    let interactor = MockInteractor()
    let issues = await withIssueCollector {
      expectDeallocatedAtEnd(interactor)
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(
      message.contains("expectDeallocatedAtEnd(MockInteractor) was called outside withNapkinChecks")
    )
  }

  @Test func expectNoBoundTasksAtEnd_outsideAScope_reportsMisuse() async {
    let interactor = MockInteractor()
    let issues = await withIssueCollector {
      expectNoBoundTasksAtEnd(interactor)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("expectNoBoundTasksAtEnd(MockInteractor)") == true)
  }

  // MARK: The trait

  @Test(.napkinChecks)
  func trait_providesAScopeForExpectReleasedAtEnd() async {
    let issues = await withIssueCollector {
      let interactor = MockInteractor()
      expectDeallocatedAtEnd(interactor)
      await interactor.activate()
      await interactor.deactivate()
    }
    #expect(issues.isEmpty)
  }

  @Test(.napkinChecks(strict: true, timeout: .seconds(10)))
  func strictTrait_passesWhenEveryCallIsAssertedAndEverythingIsReleased() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Smokey Joe")
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectDeallocatedAtEnd(sut)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router)
    await sut.activate()
    await sut.loggedOutDidTapLogin()
    await sut.deactivate()
    #expect(auth.calls == [.login])
    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(User(name: "Smokey Joe"))])
  }

  @Test(.napkinChecks(strict: true), arguments: [1, 2, 3])
  func strictTrait_scopesEachParameterizedCase(count: Int) async {
    let recorder = CallRecorder<Int>("numbers")
    for value in 0..<count { recorder.record(value) }
    #expect(recorder.count == count)
    let interactor = MockInteractor()
    expectDeallocatedAtEnd(interactor)
  }

  @Test func trait_hasTheRequestedSettings() {
    let trait = NapkinChecksTrait.napkinChecks(strict: true, timeout: .seconds(2))
    #expect(trait.strict)
    #expect(trait.timeout == .seconds(2))
    #expect(trait.isRecursive)
    #expect(!NapkinChecksTrait.napkinChecks.strict)
    #expect(NapkinChecksTrait.napkinChecks.timeout == .napkinDefaultTimeout)
  }
}

@Suite(.napkinChecks(strict: true))
struct NapkinChecksSuiteTraitTests {
  @Test func suiteTrait_scopesEachTest() async {
    let issues = await withIssueCollector {
      let interactor = MockInteractor()
      expectDeallocatedAtEnd(interactor)
    }
    #expect(issues.isEmpty)
  }

  @Test func suiteTrait_strictPassesWhenCallsWereAwaited() async {
    let listenerCalls = CallRecorder<Step>("listener")
    let producer = Task.detached { listenerCalls.record(.two) }
    #expect(await listenerCalls.waitForCall(.two, timeout: .seconds(10)))
    #expect(listenerCalls == [.two])
    await producer.value
  }
}
