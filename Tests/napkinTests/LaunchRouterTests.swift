import Testing
import napkin

#if canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

@MainActor
private final class ProbeLaunchRouter: LaunchRouter<ProbeInteractor, TestScreen> {
  typealias Hook = @MainActor (ProbeLaunchRouter) async -> Void

  private let onDidLoad: Hook?

  init(interactor: ProbeInteractor, viewController: TestScreen, onDidLoad: Hook? = nil) {
    self.onDidLoad = onDidLoad
    super.init(interactor: interactor, viewController: viewController)
  }

  override func didLoad() async {
    interactor.log.record("\(interactor.name).didLoad")
    await onDidLoad?(self)
  }
}

/// A root router that conforms to `LaunchRouting` by hand, as napkin 2.x code does: it writes
/// `launch(from:)` where the platform has windows, and never `launch()`.
@MainActor
private final class HandWrittenLaunchRouter: ViewableRouter<ProbeInteractor, TestScreen>,
  LaunchRouting
{
  #if canImport(UIKit)
    func launch(from window: UIWindow) async {
      window.rootViewController = viewControllable.uiviewController
      await launch()
    }
  #elseif canImport(AppKit)
    func launch(from window: NSWindow) async {
      window.contentViewController = viewControllable.nsviewController
      await launch()
    }
  #endif

  override func didLoad() async {
    interactor.log.record("\(interactor.name).didLoad")
  }
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct LaunchRouterTests {
  @Test func launch_activatesInteractorThenLoadsRouter() async {
    let log = Recorder<String>()
    let router = ProbeLaunchRouter(
      interactor: ProbeInteractor(name: "root", log: log), viewController: TestScreen()
    ) { router in
      log.record("active while loading: \(router.interactor.isActive)")
    }

    await router.launch()

    #expect(log.events == ["root.didBecomeActive", "root.didLoad", "active while loading: true"])
    #expect(router.interactor.isActive)
  }

  @Test func launchTwice_activatesAndLoadsOnce() async {
    let router = ProbeLaunchRouter(
      interactor: ProbeInteractor(name: "root"), viewController: TestScreen())

    await router.launch()
    await router.launch()

    #expect(router.interactor.log.events == ["root.didBecomeActive", "root.didLoad"])
  }

  @Test func launch_withChildAttachedInDidLoad_activatesAndLoadsTheWholeTree() async {
    let log = Recorder<String>()
    let child = ProbeRouter(interactor: ProbeInteractor(name: "child", log: log))
    let router = ProbeLaunchRouter(
      interactor: ProbeInteractor(name: "root", log: log), viewController: TestScreen()
    ) { router in
      await router.attachChild(child)
    }

    await router.launch()

    #expect(
      log.events == [
        "root.didBecomeActive", "root.didLoad", "child.didBecomeActive", "child.didLoad",
      ])
    #expect(router.children.first === child)
    #expect(child.interactor.isActive)
  }

  @Test func launchRouter_exposesItsViewControllerBothWays() {
    let screen = TestScreen()

    let router = ProbeLaunchRouter(interactor: ProbeInteractor(), viewController: screen)

    #expect(router.viewController === screen)
    #expect(router.viewControllable === screen)
    #expect(router.interactable === router.interactor)
  }

  @Test func handWrittenLaunchRouting_getsTheDefaultLaunch_activatingThenLoadingOnce() async {
    let router = HandWrittenLaunchRouter(
      interactor: ProbeInteractor(name: "root"), viewController: TestScreen())
    let root: any LaunchRouting = router

    await root.launch()
    await root.launch()

    #expect(router.interactor.log.events == ["root.didBecomeActive", "root.didLoad"])
    #expect(router.interactor.isActive)
  }
}
