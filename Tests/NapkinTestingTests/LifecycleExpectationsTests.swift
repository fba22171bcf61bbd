import NapkinTesting
import Testing

@Suite struct LifecycleExpectationsTests {
  // MARK: expectActivateIsIdempotent

  @Test func expectActivateIsIdempotent_passesForACorrectInteractor() async {
    let sut = WorkInteractor()
    var holds = false
    let issues = await withIssueCollector {
      holds = await expectActivateIsIdempotent(sut) { sut.events.count(of: .didBecomeActive) }
    }
    #expect(holds)
    #expect(issues.isEmpty)
    #expect(sut.isActive)
    await sut.deactivate()
  }

  @Test func expectActivateIsIdempotent_reportsAnInteractorThatRunsDidBecomeActiveTwice() async {
    let sut = DoubleActivatingInteractor()
    var holds = true
    let issues = await withIssueCollector {
      holds = await expectActivateIsIdempotent(sut) { sut.events.count }
    }
    #expect(!holds)
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("activate() twice on DoubleActivatingInteractor"))
    #expect(message.contains("changed its side effects"))
    #expect(message.contains("1 after the first"))
    #expect(message.contains("2 after the second"))
  }

  @Test func expectActivateIsIdempotent_brokenInteractor_failsTheSwiftTestingTest() async {
    let sut = DoubleActivatingInteractor()
    await withKnownIssue {
      await expectActivateIsIdempotent(sut) { sut.events.count }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("changed its side effects") }
    }
  }

  @Test func expectActivateIsIdempotent_reportsAnInteractorThatIsNotActiveAfterwards() async {
    let sut = NeverActiveInteractor()
    let issues = await withIssueCollector {
      await expectActivateIsIdempotent(sut) { 0 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("NeverActiveInteractor is not active") == true)
  }

  // MARK: expectDeactivateIsIdempotent

  @Test func expectDeactivateIsIdempotent_passesForACorrectInteractor() async {
    let sut = WorkInteractor()
    await sut.activate()
    var holds = false
    let issues = await withIssueCollector {
      holds = await expectDeactivateIsIdempotent(sut) { sut.events.count(of: .willResignActive) }
    }
    #expect(holds)
    #expect(issues.isEmpty)
    #expect(!sut.isActive)
  }

  @Test func expectDeactivateIsIdempotent_reportsAnInteractorThatResignsTwice() async {
    let sut = DoubleDeactivatingInteractor()
    await sut.activate()
    var holds = true
    let issues = await withIssueCollector {
      holds = await expectDeactivateIsIdempotent(sut) { sut.events.count }
    }
    #expect(!holds)
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("deactivate() twice on DoubleDeactivatingInteractor"))
    #expect(message.contains("changed its side effects"))
    #expect(message.contains("1 after the first"))
    #expect(message.contains("2 after the second"))
  }

  @Test func expectDeactivateIsIdempotent_brokenInteractor_failsTheSwiftTestingTest() async {
    let sut = DoubleDeactivatingInteractor()
    await sut.activate()
    await withKnownIssue {
      await expectDeactivateIsIdempotent(sut) { sut.events.count }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("changed its side effects") }
    }
  }

  @Test func expectDeactivateIsIdempotent_reportsAnInteractorStillActiveAfterwards() async {
    let sut = NeverInactiveInteractor()
    await sut.activate()
    let issues = await withIssueCollector {
      await expectDeactivateIsIdempotent(sut) { 0 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("NeverInactiveInteractor is still active") == true)
  }

  @Test func expectDeactivateIsIdempotent_onAnInactiveInteractor_reportsMisuse() async {
    let sut = WorkInteractor()
    var holds = true
    let issues = await withIssueCollector {
      holds = await expectDeactivateIsIdempotent(sut) { sut.events.count }
    }
    #expect(!holds)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("is not active") == true)
    #expect(issues.first?.message.contains("activate it first") == true)
    // The misuse is reported before touching the interactor.
    #expect(sut.events.all.isEmpty)
  }

  // MARK: expectBoundTasksCancelled

  @Test func expectBoundTasksCancelled_passesAfterDeactivation() async {
    let sut = WorkInteractor()
    await sut.activate()
    await sut.events.waitForCall(.workStarted, timeout: .seconds(60))
    await sut.deactivate()
    var passed = false
    let issues = await withIssueCollector {
      passed = await expectBoundTasksCancelled(sut, timeout: .seconds(60))
    }
    // A timeout would have returned false and reported; no wall-clock bound is needed.
    #expect(passed)
    #expect(issues.isEmpty)
    #expect(sut.events.contains(.workEnded))
    #expect(sut.lifecycle.boundTaskCount == 0)
  }

  @Test func expectBoundTasksCancelled_passesWithNoBoundTasks() async {
    let sut = MockInteractor()
    await sut.activate()
    await sut.deactivate()
    let issues = await withIssueCollector {
      #expect(await expectBoundTasksCancelled(sut))
    }
    #expect(issues.isEmpty)
  }

  @Test func expectBoundTasksCancelled_reportsAnInteractorStillActive() async {
    let sut = WorkInteractor()
    await sut.activate()
    var passed = true
    let issues = await withIssueCollector {
      passed = await expectBoundTasksCancelled(sut, timeout: .seconds(60))
    }
    #expect(!passed)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("WorkInteractor is still active") == true)
    await sut.deactivate()
  }

  @Test func expectBoundTasksCancelled_reportsABoundTaskThatIgnoresCancellation() async {
    let gate = Gate()
    let sut = StubbornInteractor(gate: gate)
    await sut.activate()
    await sut.events.waitForCall(.workStarted, timeout: .seconds(60))
    await sut.deactivate()
    var passed = true
    let issues = await withIssueCollector {
      passed = await expectBoundTasksCancelled(sut, timeout: .milliseconds(50))
    }
    #expect(!passed)
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("StubbornInteractor still has 1 bound task running"))
    #expect(message.contains("after deactivation"))
    // Let the stubborn task end so nothing outlives the test.
    gate.open()
    #expect(await sut.events.waitForCall(.workEnded, timeout: .seconds(60)))
  }

  @Test func expectBoundTasksCancelled_stubbornTask_failsTheSwiftTestingTest() async {
    let gate = Gate()
    let sut = StubbornInteractor(gate: gate)
    await sut.activate()
    await sut.deactivate()
    await withKnownIssue {
      await expectBoundTasksCancelled(sut, timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("bound task running") }
    }
    gate.open()
    await sut.events.waitForCall(.workEnded, timeout: .seconds(60))
  }
}
