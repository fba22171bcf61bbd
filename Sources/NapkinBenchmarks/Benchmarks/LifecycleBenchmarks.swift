import NapkinTesting

/// `InteractorLifecycle` activate + deactivate with 0 and 10 bound tasks, and registering one
/// bound task, against what a hand-rolled interactor does with no framework.
enum LifecycleBenchmarks {
  static let cyclesPerRound = 2_000
  static let tasksPerCycle = 10

  /// An interactor the loops below drive; every loop runs on the actor, as in an app.
  protocol Cycling: Actor {
    func activate() async
    func deactivate() async
    /// Starts a task that deactivation cancels.
    func startTask() -> Task<Void, Never>
  }

  /// An interactor on the napkin lifecycle.
  final actor LifecycleInteractor: Interactable, Cycling {
    nonisolated let lifecycle = InteractorLifecycle()
    private(set) var activations = 0

    func didBecomeActive() async { activations += 1 }
    func startTask() -> Task<Void, Never> { task {} }
  }

  /// The least an interactor can do without the framework: a flag, the callback, plain tasks.
  final actor HandRolledInteractor: Cycling {
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

    func startTask() -> Task<Void, Never> {
      let task = Task {}
      tasks.append(task)
      return task
    }

    /// The registration baseline is a bare task, kept by nobody once it finished.
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

  /// Nanoseconds per interactor created, activated, deactivated and released, as a router's
  /// child is: the lifecycle's own cost, with its allocation and release.
  static func created(_ count: Int, make: @escaping @Sendable () -> any Cycling) async -> Double {
    await Timing.perOperation(count) {
      for _ in 0..<count {
        let interactor = make()
        await interactor.activate()
        await interactor.deactivate()
      }
    }
  }

  static func run() async -> (
    bare: Comparison, tasks: Comparison, register: Comparison, created: Comparison
  ) {
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
    let created = await Comparison.measure(
      "create + activate + deactivate, 0 tasks", against: "the same, hand-rolled",
      rounds: 60, warmUp: 6,
      baseline: { await Self.created(cyclesPerRound) { HandRolledInteractor() } },
      subject: { await Self.created(cyclesPerRound) { LifecycleInteractor() } })
    return (bare, tasks, register, created)
  }
}

extension LifecycleBenchmarks.Cycling {
  /// Nanoseconds per activate + deactivate.
  func cycles(_ count: Int) async -> Double {
    await Timing.perOperation(count) {
      for _ in 0..<count {
        await activate()
        await deactivate()
      }
    }
  }

  /// Nanoseconds per activate, `boundTasks` tasks started, deactivate, and the tasks finished.
  func cycles(_ count: Int, boundTasks: Int) async -> Double {
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(boundTasks)
    return await Timing.perOperation(count) {
      for _ in 0..<count {
        await activate()
        for _ in 0..<boundTasks { tasks.append(startTask()) }
        await deactivate()
        for task in tasks { await task.value }
        tasks.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Nanoseconds per task started, cancelled and finished while active.
  func registrations(_ count: Int) async -> Double {
    await activate()
    let nanoseconds = await Timing.perOperation(count) {
      for _ in 0..<count {
        let task = startTask()
        task.cancel()
        await task.value
      }
    }
    await deactivate()
    return nanoseconds
  }
}
