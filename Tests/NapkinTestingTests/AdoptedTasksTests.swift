import NapkinTesting
import Testing

@testable import napkin

/// An interactor whose task runs until its stream finishes.
private final actor EarlyInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()

  func bind(until stream: AsyncStream<Void>) -> Task<Void, Never> {
    task { for await _ in stream {} }
  }
}

/// Tasks bound before NapkinTesting observed anything (an app's lifecycle, or work started before
/// the first double was made) are adopted when it first reads their lifecycle: busy until they
/// end. Each test runs in a process of its own, where nothing is installed yet.
@Suite struct AdoptedTasksTests {
  @Test func taskBoundBeforeObservation_isBusyUntilItEnds_thenSettles() async {
    await #expect(processExitsWith: .success) {
      precondition(LifecycleObservation.observer == nil, "nothing observes yet")
      let sut = EarlyInteractor()
      await sut.activate()
      let (stream, continuation) = AsyncStream<Void>.makeStream()
      let task = await sut.bind(until: stream)
      // The first read makes NapkinTesting's record, which adopts the running task.
      precondition(!sut.lifecycle.idleness.isIdle, "an adopted task that runs is busy")
      precondition(LifecycleObservation.observer != nil, "reading installed the observer")
      continuation.finish()
      await task.value
      let settled = await settle(sut, timeout: .seconds(30))
      precondition(settled, "it settles once the adopted task ended")
      precondition(sut.lifecycle.idleness.isIdle, "and stays idle")
      await sut.deactivate()
    }
  }
}
