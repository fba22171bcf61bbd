import Testing

@testable import napkin

/// An interactor whose bound tasks check where they run.
private final actor AppPathInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private(set) var ran = 0

  /// Binds `count` tasks that each check they run on the actor, then count.
  func bindCounting(_ count: Int) -> [Task<Void, Never>] {
    (0..<count).map { _ in
      task {
        self.preconditionIsolated("a bound task of an actor runs on the actor")
        self.ran += 1
      }
    }
  }

  /// Binds a task that runs until it is cancelled.
  func bindUntilCancelled() -> Task<Void, Never> {
    task {
      while !Task.isCancelled { await Task.yield() }
    }
  }

  /// Binds a main-actor task from the actor.
  func bindOnTheMainActor() -> Task<Void, Never> {
    task { @MainActor in MainActor.preconditionIsolated("a @MainActor bound task") }
  }
}

/// Bound tasks as an app runs them, with no test toolkit observing: each exit test runs in a
/// process of its own, where nothing installs an observer. (In this test process, NapkinTesting
/// observes every lifecycle, and bound tasks take the toolkit's path.)
@Suite struct AppPathBoundTaskTests {
  @Test func boundTasks_runOnTheirActor_andLeaveTheBagWhenTheyEnd() async {
    await #expect(processExitsWith: .success) {
      precondition(LifecycleObservation.observer == nil, "no observer in an app")
      let sut = AppPathInteractor()
      await sut.activate()
      // Many at once: the bag grows, and is pruned, while tasks end on the actor.
      for _ in 0..<50 {
        for task in await sut.bindCounting(40) { await task.value }
      }
      let ran = await sut.ran
      precondition(ran == 2_000, "every bound task ran once")
      precondition(sut.lifecycle.boundTaskCount == 0, "ended tasks left the count")
      precondition(sut.lifecycle.boundTasks.isEmpty, "ended tasks left the bag")
      await sut.deactivate()
    }
  }

  @Test func deactivation_cancelsARunningTask_andTheMainActorTaskRunsThere() async {
    await #expect(processExitsWith: .success) {
      precondition(LifecycleObservation.observer == nil, "no observer in an app")
      let sut = AppPathInteractor()
      await sut.activate()
      await sut.bindOnTheMainActor().value
      let running = await sut.bindUntilCancelled()
      precondition(sut.lifecycle.boundTaskCount == 1, "the running task is bound")
      await sut.deactivate()
      precondition(running.isCancelled, "deactivation cancelled it")
      await running.value
      precondition(sut.lifecycle.boundTaskCount == 0, "it left once it ended")
    }
  }

  @Test func inactive_dropsTheTask_andReleaseCancelsTheBoundOnes() async {
    await #expect(processExitsWith: .success) {
      precondition(LifecycleObservation.observer == nil, "no observer in an app")
      let inactive = AppPathInteractor()
      let dropped = await inactive.bindCounting(1)[0]
      precondition(dropped.isCancelled, "a task bound while inactive is cancelled")
      await dropped.value
      let ran = await inactive.ran
      precondition(ran == 0, "and never runs")

      var sut: AppPathInteractor? = AppPathInteractor()
      await sut?.activate()
      let running = await sut!.bindUntilCancelled()
      sut = nil
      await running.value
      precondition(running.isCancelled, "releasing the interactor cancelled its task")
    }
  }
}
