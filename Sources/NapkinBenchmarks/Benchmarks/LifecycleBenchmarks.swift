import NapkinTesting

/// `InteractorLifecycle` activate + deactivate with 0 and 10 bound tasks, and registering one
/// bound task, against what a hand-rolled interactor does with no framework.
enum LifecycleBenchmarks {
  static let cyclesPerRound = 2_000
  static let tasksPerCycle = 10

  /// An interactor on the napkin lifecycle; every loop runs on the actor, as in an app.
  final actor LifecycleInteractor: Interactable {
    nonisolated let lifecycle = InteractorLifecycle()
    private(set) var activations = 0

    func didBecomeActive() async { activations += 1 }

    func cycles(_ count: Int) async -> Double {
      await Timing.perOperation(count) {
        for _ in 0..<count {
          await activate()
          await deactivate()
        }
      }
    }

    func cycles(_ count: Int, boundTasks: Int) async -> Double {
      var tasks: [Task<Void, Never>] = []
      tasks.reserveCapacity(boundTasks)
      return await Timing.perOperation(count) {
        for _ in 0..<count {
          await activate()
          for _ in 0..<boundTasks { tasks.append(task {}) }
          await deactivate()
          for task in tasks { await task.value }
          tasks.removeAll(keepingCapacity: true)
        }
      }
    }

    func registrations(_ count: Int) async -> Double {
      await activate()
      let nanoseconds = await Timing.perOperation(count) {
        for _ in 0..<count {
          let bound = task {}
          bound.cancel()
          await bound.value
        }
      }
      await deactivate()
      return nanoseconds
    }
  }

  /// The least an interactor can do without the framework: a flag, the callback, plain tasks.
  final actor HandRolledInteractor {
    private var isActive = false
    private(set) var activations = 0
    private var tasks: [Task<Void, Never>] = []

    func didBecomeActive() async { activations += 1 }
    func willResignActive() async {}

    func activate() async {
      guard !isActive else { return }
      isActive = true
      await didBecomeActive()
    }

    func deactivate() async {
      guard isActive else { return }
      await willResignActive()
      for task in tasks { task.cancel() }
      tasks.removeAll(keepingCapacity: true)
      isActive = false
    }

    func cycles(_ count: Int) async -> Double {
      await Timing.perOperation(count) {
        for _ in 0..<count {
          await activate()
          await deactivate()
        }
      }
    }

    func cycles(_ count: Int, boundTasks: Int) async -> Double {
      var started: [Task<Void, Never>] = []
      started.reserveCapacity(boundTasks)
      return await Timing.perOperation(count) {
        for _ in 0..<count {
          await activate()
          for _ in 0..<boundTasks {
            let task = Task {}
            tasks.append(task)
            started.append(task)
          }
          await deactivate()
          for task in started { await task.value }
          started.removeAll(keepingCapacity: true)
        }
      }
    }

    func registrations(_ count: Int) async -> Double {
      await Timing.perOperation(count) {
        for _ in 0..<count {
          let task = Task {}
          task.cancel()
          await task.value
        }
      }
    }
  }

  static func run() async -> (bare: Comparison, tasks: Comparison, register: Comparison) {
    let interactor = LifecycleInteractor()
    let handRolled = HandRolledInteractor()
    let bare = await Comparison.measure(
      "activate + deactivate, 0 bound tasks", against: "hand-rolled actor flag + callback",
      rounds: 100, warmUp: 10,
      baseline: { await handRolled.cycles(cyclesPerRound) },
      subject: { await interactor.cycles(cyclesPerRound) })
    let tasks = await Comparison.measure(
      "activate + deactivate, 10 bound tasks", against: "hand-rolled + 10 Task {} cancelled",
      rounds: 60, warmUp: 6,
      baseline: { await handRolled.cycles(cyclesPerRound / 10, boundTasks: tasksPerCycle) },
      subject: { await interactor.cycles(cyclesPerRound / 10, boundTasks: tasksPerCycle) })
    let register = await Comparison.measure(
      "register a bound task (+ cancel, finish)", against: "Task {} + cancel, finish",
      rounds: 100, warmUp: 10,
      baseline: { await handRolled.registrations(cyclesPerRound) },
      subject: { await interactor.registrations(cyclesPerRound) })
    return (bare, tasks, register)
  }
}
