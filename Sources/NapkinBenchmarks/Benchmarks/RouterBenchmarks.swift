import NapkinTesting

/// A router attaching and detaching 1,000 children, against activating and deactivating the same
/// 1,000 interactors directly (the lifecycle work attach and detach must do anyway).
@MainActor
enum RouterBenchmarks {
  static let children = 1_000

  final actor ChildInteractor: Interactable {
    nonisolated let lifecycle = InteractorLifecycle()
  }

  static func attachAndDetach() async -> Double {
    let parent = Router(interactor: ChildInteractor())
    let routers = (0..<children).map { _ in Router(interactor: ChildInteractor()) }
    let nanoseconds = await Timing.perOperation(children) {
      for router in routers { await parent.attachChild(router) }
      for router in routers { await parent.detachChild(router) }
    }
    precondition(parent.children.isEmpty, "children left attached")
    return nanoseconds
  }

  static func lifecyclesOnly() async -> Double {
    let interactors = (0..<children).map { _ in ChildInteractor() }
    return await Timing.perOperation(children) {
      for interactor in interactors { await interactor.activate() }
      for interactor in interactors { await interactor.deactivate() }
    }
  }

  static func run() async -> Comparison {
    await Comparison.measure(
      "router attach + detach, 1,000 children", against: "activate + deactivate the 1,000",
      rounds: 40, warmUp: 4,
      baseline: { await lifecyclesOnly() }, subject: { await attachAndDetach() })
  }
}
