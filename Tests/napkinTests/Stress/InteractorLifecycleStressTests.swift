import Testing
import napkin

/// An interactor that logs its callbacks, binds two tasks in every `didBecomeActive()`, keeps
/// every bound task, and logs each broken lifecycle invariant it observes from inside.
private final actor StormInteractor: Interactable {
  static let didBecomeActive = "didBecomeActive"
  static let willResignActive = "willResignActive"

  nonisolated let lifecycle = InteractorLifecycle()
  /// The callbacks, in the order they ran.
  nonisolated let log = Recorder<String>()
  /// One entry per bound task that ended: whether it had been cancelled.
  nonisolated let ended = Recorder<Bool>()
  /// The invariants a callback found broken.
  nonisolated let violations = Recorder<String>()
  /// Every task bound so far.
  private(set) var bound: [Task<Void, Never>] = []
  /// The tasks bound by the current activation.
  private var current: [Task<Void, Never>] = []
  private var inCallback = false

  func didBecomeActive() async {
    enter(Self.didBecomeActive)
    // The deactivation that ended every earlier activation cancelled its tasks first.
    let uncancelled = bound.count { !$0.isCancelled }
    if uncancelled > 0 {
      violations.record("\(uncancelled) earlier bound tasks still uncancelled at activation")
    }
    let ended = ended
    for _ in 0..<2 {
      let task = task {
        await suspendUntilCancelled()
        ended.record(Task.isCancelled)
      }
      bound.append(task)
      current.append(task)
    }
    // Suspend mid-callback, so other callers reach the actor while the transition runs.
    await Task.yield()
    leave()
  }

  func willResignActive() async {
    enter(Self.willResignActive)
    // Bound tasks are cancelled only after willResignActive() returns.
    if current.contains(where: \.isCancelled) {
      violations.record("a task of the current activation was cancelled before willResignActive")
    }
    await Task.yield()
    current = []
    leave()
  }

  private func enter(_ callback: String) {
    if inCallback { violations.record("\(callback) overlapped another callback") }
    if !isActive { violations.record("\(callback) ran while the lifecycle was inactive") }
    inCallback = true
    log.record(callback)
  }

  private func leave() {
    inCallback = false
  }
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@Suite(.timeLimit(.minutes(5)))
struct InteractorLifecycleStressTests {
  @Test func thousandConcurrentActivateAndDeactivate_callbacksAlternateAndEveryBoundTaskEnds()
    async
  {
    let interactor = StormInteractor()
    let first = StormInteractor.didBecomeActive
    let second = StormInteractor.willResignActive

    // At low priority, so that the other tests of a parallel run keep their share of the cores.
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        group.addTask(priority: .low) {
          if index.isMultiple(of: 2) {
            await interactor.activate()
          } else {
            await interactor.deactivate()
          }
        }
      }
    }

    let storm = interactor.log.events
    #expect(storm.first == first)
    #expect(alternates(storm, first: first, second: second))
    #expect(interactor.isActive == (storm.last == first))

    await interactor.deactivate()

    let events = interactor.log.events
    #expect(!interactor.isActive)
    #expect(events.last == second)
    #expect(alternates(events, first: first, second: second))
    let activations = events.count { $0 == first }
    #expect(activations >= 1)
    #expect(events.count == 2 * activations)

    // Every task bound in didBecomeActive() was cancelled, observed it and finished.
    let bound = await interactor.bound
    #expect(bound.count == 2 * activations)
    for task in bound { await task.cancellableValue }
    #expect(bound.allSatisfy { $0.isCancelled })
    let ended = interactor.ended.events
    #expect(ended.count == bound.count)
    #expect(!ended.contains(false), "a bound task ended without having been cancelled")
    #expect(interactor.lifecycle.boundTaskCount == 0)
    #expect(interactor.lifecycle.boundTasks.isEmpty)
    #expect(interactor.violations.events == [])
  }
}
