import Testing
import napkin

/// A router that logs `"<interactor name>.didLoad"` into its interactor's log, then runs a hook.
@MainActor
final class ProbeRouter: Router<ProbeInteractor> {
  typealias Hook = @MainActor (ProbeRouter) async -> Void

  private let onDidLoad: Hook?

  init(interactor: ProbeInteractor, onDidLoad: Hook? = nil) {
    self.onDidLoad = onDidLoad
    super.init(interactor: interactor)
  }

  override func didLoad() async {
    interactor.log.record("\(interactor.name).didLoad")
    await onDidLoad?(self)
  }
}

/// The child in the double-attach exit test; its name must appear in the failure message.
@MainActor
private final class DoubleAttachedChildRouter: Router<ProbeInteractor> {}

/// Not an interactor.
private final class NotAnInteractor {}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct RouterTests {
  // MARK: Loading

  @Test func loadTwice_runsDidLoadOnce() async {
    let router = ProbeRouter(interactor: ProbeInteractor())

    await router.load()
    await router.load()

    #expect(router.interactor.log.events == ["probe.didLoad"])
  }

  @Test func concurrentLoads_runDidLoadOnce_andAllReturnAfterItFinished() async {
    let finishLoading = Gate()
    let router = ProbeRouter(interactor: ProbeInteractor()) { _ in await finishLoading.wait() }
    let callers = 50
    let allCalling = Countdown(count: callers)
    let returned = Recorder<Int>()

    let loads = (0..<callers).map { index in
      Task { @MainActor in
        allCalling.arrive()
        await router.load()
        returned.record(index)
      }
    }
    await allCalling.wait()
    #expect(returned.events.isEmpty)

    finishLoading.open()
    for load in loads { await load.cancellableValue }

    #expect(returned.count == callers)
    #expect(router.interactor.log.events == ["probe.didLoad"])
  }

  @Test func loaded_suspendsUntilSlowDidLoadFinishes() async {
    let finishLoading = Gate()
    let (loading, loadingContinuation) = AsyncStream.makeStream(of: Void.self)
    let router = ProbeRouter(interactor: ProbeInteractor()) { router in
      loadingContinuation.yield()
      await finishLoading.wait()
      router.interactor.log.record("didLoad finishes")
    }
    let waiterCalling = Gate()
    let load = Task { @MainActor in await router.load() }
    let waiter = Task { @MainActor in
      waiterCalling.open()
      await router.loaded()
      router.interactor.log.record("loaded returns")
    }
    for await _ in loading { break }
    await waiterCalling.wait()

    // The waiter ran up to `loaded()` on the main actor, and did not come back from it.
    #expect(router.interactor.log.events == ["probe.didLoad"])

    finishLoading.open()
    await waiter.cancellableValue
    await load.cancellableValue

    #expect(
      router.interactor.log.events == ["probe.didLoad", "didLoad finishes", "loaded returns"])
  }

  @Test func loaded_afterLoadFinished_returnsAtOnce() async {
    let router = ProbeRouter(interactor: ProbeInteractor())
    await router.load()

    await router.loaded()

    #expect(router.interactor.log.events == ["probe.didLoad"])
  }

  @Test func loaded_whenWaitingTaskIsCancelled_returnsWithoutLoading() async {
    let router = ProbeRouter(interactor: ProbeInteractor())
    let waiterCalling = Gate()
    let returned = Recorder<String>()
    let waiter = Task { @MainActor in
      waiterCalling.open()
      await router.loaded()
      returned.record("loaded returns")
    }
    await waiterCalling.wait()
    #expect(returned.events.isEmpty)

    waiter.cancel()
    await waiter.cancellableValue

    #expect(returned.events == ["loaded returns"])
    #expect(router.interactor.log.events.isEmpty)
  }

  // MARK: Children

  @Test func attachChild_activatesChildInteractorThenLoadsChild() async {
    let log = Recorder<String>()
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent", log: log))
    let child = ProbeRouter(interactor: ProbeInteractor(name: "child", log: log)) { child in
      log.record("child active while loading: \(child.interactor.isActive)")
    }

    await parent.attachChild(child)

    #expect(
      log.events == ["child.didBecomeActive", "child.didLoad", "child active while loading: true"])
    #expect(parent.children.count == 1)
    #expect(parent.children.first === child)
    #expect(child.interactor.isActive)
  }

  @Test func attachChild_keepsChildrenInAttachmentOrder() async {
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent"))
    let children = (0..<3).map { ProbeRouter(interactor: ProbeInteractor(name: "child\($0)")) }

    for child in children { await parent.attachChild(child) }
    await parent.detachChild(children[1])

    #expect(
      parent.children.map(ObjectIdentifier.init)
        == [children[0], children[2]].map(ObjectIdentifier.init))
  }

  @Test func detachChild_deactivatesChildAndRemovesIt() async {
    let log = Recorder<String>()
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent", log: log))
    let child = ProbeRouter(interactor: ProbeInteractor(name: "child", log: log))
    await parent.attachChild(child)

    await parent.detachChild(child)

    #expect(parent.children.isEmpty)
    #expect(!child.interactor.isActive)
    #expect(log.events == ["child.didBecomeActive", "child.didLoad", "child.willResignActive"])
  }

  @Test func detachChild_thatIsNotAttached_isNoOp() async {
    let log = Recorder<String>()
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent", log: log))
    let otherParent = ProbeRouter(interactor: ProbeInteractor(name: "other", log: log))
    let child = ProbeRouter(interactor: ProbeInteractor(name: "child", log: log))
    await otherParent.attachChild(child)

    await parent.detachChild(child)

    #expect(parent.children.isEmpty)
    #expect(otherParent.children.first === child)
    #expect(child.interactor.isActive)
    #expect(log.events == ["child.didBecomeActive", "child.didLoad"])
  }

  @Test func attachChild_alreadyAttached_stopsWithMessageNamingChild() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await RouterTests.attachSameChildTwice()
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("DoubleAttachedChildRouter"), "stderr: \(stderr)")
    #expect(stderr.contains("already attached"), "stderr: \(stderr)")
  }

  @Test func init_withInteractorThatIsNotInteractable_stopsWithMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await RouterTests.makeRouterOverNonInteractor()
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("NotAnInteractor"), "stderr: \(stderr)")
    #expect(stderr.contains("does not conform to Interactable"), "stderr: \(stderr)")
  }

  @Test func childDetachedFromInsideItsDidBecomeActive_doesNotDeadlockAndIsNotLoaded() async {
    let log = Recorder<String>()
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent", log: log))
    // Holds the child router for its own interactor's hook, which exists before the router does.
    let childSlot = Recorder<ProbeRouter>()
    let interactor = ProbeInteractor(name: "child", log: log) { [weak parent] _ in
      guard let parent, let child = childSlot.events.first else { return }
      await parent.detachChild(child)
      log.record("child.didBecomeActive returns")
    }
    let child = ProbeRouter(interactor: interactor)
    childSlot.record(child)

    await parent.attachChild(child)

    #expect(parent.children.isEmpty)
    #expect(!child.interactor.isActive)
    #expect(
      log.events == [
        "child.didBecomeActive", "child.didBecomeActive returns", "child.willResignActive",
      ])
  }

  @Test func detachChild_deactivatesItsWholeSubtreeDeepestFirst() async {
    let log = Recorder<String>()
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent", log: log))
    let child = ProbeRouter(interactor: ProbeInteractor(name: "child", log: log))
    let grandchild = ProbeRouter(interactor: ProbeInteractor(name: "grandchild", log: log))
    await parent.attachChild(child)
    await child.attachChild(grandchild)

    await parent.detachChild(child)

    #expect(
      log.events.filter { $0.hasSuffix("willResignActive") } == [
        "grandchild.willResignActive", "child.willResignActive",
      ])
    #expect(!grandchild.interactor.isActive)
    #expect(child.children.first === grandchild)
  }

  @Test func attachChild_withChildrenOfItsOwn_reactivatesTheSubtreeParentsFirst() async {
    let log = Recorder<String>()
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent", log: log))
    let child = ProbeRouter(interactor: ProbeInteractor(name: "child", log: log))
    let grandchild = ProbeRouter(interactor: ProbeInteractor(name: "grandchild", log: log))
    await parent.attachChild(child)
    await child.attachChild(grandchild)
    await parent.detachChild(child)
    let before = log.count

    await parent.attachChild(child)

    #expect(
      Array(log.events.dropFirst(before)) == [
        "child.didBecomeActive", "grandchild.didBecomeActive",
      ])
    #expect(child.interactor.isActive)
    #expect(grandchild.interactor.isActive)
  }

  // MARK: Release

  @Test func releasedRouter_deactivatesItsWholeSubtreeDeepestFirst() async {
    let log = Recorder<String>()
    let parentInteractor = ProbeInteractor(name: "parent", log: log)
    let childInteractor = ProbeInteractor(name: "child", log: log)
    let grandchildInteractor = ProbeInteractor(name: "grandchild", log: log)
    var parent: ProbeRouter? = ProbeRouter(interactor: parentInteractor)
    weak let weakParent = parent
    await parentInteractor.activate()
    await parent!.load()
    let child = ProbeRouter(interactor: childInteractor)
    await parent!.attachChild(child)
    await child.attachChild(ProbeRouter(interactor: grandchildInteractor))
    var parentStates = parentInteractor.isActiveStream.makeAsyncIterator()
    var grandchildStates = grandchildInteractor.isActiveStream.makeAsyncIterator()
    #expect(await parentStates.next() == true)
    #expect(await grandchildStates.next() == true)

    parent = nil

    #expect(weakParent == nil)
    #expect(await grandchildStates.next() == false)
    #expect(await parentStates.next() == false)
    #expect(
      log.events.filter { $0.hasSuffix("willResignActive") } == [
        "grandchild.willResignActive", "child.willResignActive", "parent.willResignActive",
      ])
  }

  // MARK: Exit-test bodies

  private static func attachSameChildTwice() async {
    let parent = ProbeRouter(interactor: ProbeInteractor(name: "parent"))
    let child = DoubleAttachedChildRouter(interactor: ProbeInteractor(name: "child"))
    await parent.attachChild(child)
    await parent.attachChild(child)
  }

  private static func makeRouterOverNonInteractor() {
    _ = Router(interactor: NotAnInteractor())
  }
}
