import NapkinTesting
import Testing

@Suite struct MockInteractorTests {
  @Test func newMockInteractor_isInactiveWithNoEvents() {
    let interactor = MockInteractor()
    #expect(!interactor.isActive)
    #expect(interactor.activationCount == 0)
    #expect(interactor.deactivationCount == 0)
    #expect(interactor.events.all.isEmpty)
  }

  @Test func activateAndDeactivate_recordTheCallbacksInOrder() async {
    let interactor = MockInteractor()
    await interactor.activate()
    #expect(interactor.isActive)
    await interactor.deactivate()
    #expect(!interactor.isActive)
    #expect(interactor.events == [.didBecomeActive, .willResignActive])
  }

  @Test func repeatedActivation_countsOnlyEdges() async {
    let interactor = MockInteractor()
    await interactor.activate()
    await interactor.activate()
    await interactor.deactivate()
    await interactor.deactivate()
    await interactor.activate()
    #expect(interactor.activationCount == 2)
    #expect(interactor.deactivationCount == 1)
  }

  @Test func concurrentActivation_countsOneEdge() async {
    let interactor = MockInteractor()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<20 { group.addTask { await interactor.activate() } }
    }
    #expect(interactor.activationCount == 1)
    #expect(interactor.isActive)
  }

  @Test func label_namesTheEventsRecorder() {
    #expect(MockInteractor("Child.interactable").events.label == "Child.interactable")
    #expect(MockInteractor().events.label == "MockInteractor")
  }

  @Test func events_canBeAwaited() async {
    let interactor = MockInteractor()
    let activation = Task.detached { await interactor.activate() }
    let arrived = await interactor.events.waitForCall(.didBecomeActive, timeout: .seconds(10))
    #expect(arrived)
    await activation.value
  }
}
