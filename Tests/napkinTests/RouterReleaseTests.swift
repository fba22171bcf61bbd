import Testing
import napkin

private final actor IdleInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
}

@MainActor
@Suite struct RouterReleaseTests {
  @Test func releasedRouterWithAnInactiveInteractor_releasesTheInteractorAtOnce() {
    weak var weakRouter: Router<IdleInteractor>?
    weak var weakInteractor: IdleInteractor?
    do {
      let interactor = IdleInteractor()
      let router = Router(interactor: interactor)
      weakRouter = router
      weakInteractor = interactor
    }
    // No await: nothing is left to deactivate, so no task may keep the interactor alive.
    #expect(weakRouter == nil)
    #expect(weakInteractor == nil)
  }

  @Test func detachChild_deactivatesTheGrandchildrenDeepestFirst() async {
    let parent = Router(interactor: IdleInteractor())
    let child = Router(interactor: IdleInteractor())
    let grandchild = Router(interactor: IdleInteractor())
    await parent.attachChild(child)
    await child.attachChild(grandchild)
    #expect(grandchild.interactable.lifecycle.isActive)

    await parent.detachChild(child)

    #expect(!child.interactable.lifecycle.isActive)
    #expect(!grandchild.interactable.lifecycle.isActive)
    #expect(child.children.count == 1)
  }

  @Test func reattachingAChildWithChildren_reactivatesItsSubtree() async {
    let parent = Router(interactor: IdleInteractor())
    let child = Router(interactor: IdleInteractor())
    let grandchild = Router(interactor: IdleInteractor())
    await parent.attachChild(child)
    await child.attachChild(grandchild)
    await parent.detachChild(child)

    await parent.attachChild(child)

    #expect(child.interactable.lifecycle.isActive)
    #expect(grandchild.interactable.lifecycle.isActive)
  }
}
