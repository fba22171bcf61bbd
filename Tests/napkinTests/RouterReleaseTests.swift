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
}
