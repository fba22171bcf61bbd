import NapkinTesting
import Testing

@Suite struct ActivationRecorderTests {
  @Test func activateThenDeactivate_recordsFalseTrueFalse() async {
    let sut = MockInteractor()
    let activity = ActivationRecorder(sut)
    await sut.activate()
    await sut.deactivate()
    #expect(await activity.transitions.waitForCalls(count: 3, timeout: .seconds(10)))
    #expect(activity.transitions == [false, true, false])
  }

  @Test func firstValue_isTheStateAtCreation() async {
    let sut = MockInteractor()
    await sut.activate()
    let activity = ActivationRecorder(sut)
    #expect(await activity.transitions.waitForCalls(count: 1, timeout: .seconds(10)))
    #expect(activity.transitions == [true])
    await sut.deactivate()
  }

  @Test func repeatedCalls_recordOnlyEdges() async {
    let sut = MockInteractor()
    let activity = ActivationRecorder(sut)
    await sut.activate()
    await sut.activate()
    await sut.deactivate()
    await sut.deactivate()
    await sut.activate()
    #expect(await activity.transitions.waitForCalls(count: 4, timeout: .seconds(10)))
    // A duplicate edge would have put a second `true` or `false` in a row.
    #expect(activity.transitions == [false, true, false, true])
    await sut.deactivate()
  }

  @Test func recordsARealInteractorsTransitions() async {
    let sut = WorkInteractor()
    let activity = ActivationRecorder(sut)
    await sut.activate()
    await sut.deactivate()
    await sut.activate()
    await sut.deactivate()
    #expect(await activity.transitions.waitForCalls(count: 5, timeout: .seconds(10)))
    #expect(activity.transitions == [false, true, false, true, false])
  }

  @Test func label_namesTheScopeType() {
    let activity = ActivationRecorder(MockInteractor())
    #expect(activity.transitions.label == "ActivationRecorder(MockInteractor)")
  }

  @Test func transitions_timeout_reportsWhatWasRecorded() async {
    let sut = MockInteractor()
    let activity = ActivationRecorder(sut)
    await activity.transitions.waitForCalls(count: 1, timeout: .seconds(10))
    let issues = await withIssueCollector {
      await activity.transitions.waitForCalls(count: 2, timeout: .milliseconds(20))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("1 recorded: [false]") == true)
  }
}
