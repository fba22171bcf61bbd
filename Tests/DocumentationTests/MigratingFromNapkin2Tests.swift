// The code of Docs/napkin.docc/MigratingFromNapkin2.md: the "after" side of each difference
// from napkin 2.x, compiled and exercised. The "before" side is napkin 2.x code, shown in the
// article only.

import NapkinTesting
import Testing

#if canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

// MARK: - Presentable, Routing and ViewControllable refine Sendable

protocol TabPresentable: Presentable {
  func presentTotal(_ cents: Int)
}

protocol TabRouting: ViewableRouting {
  func routeToReceipt() async
}

protocol TabListener: AnyObject, Sendable {
  func tabDidClose() async
}

nonisolated protocol PaymentService: Sendable {
  func charges() -> AsyncStream<Int>
}

final actor TabInteractor: PresentableInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any TabPresentable
  weak var router: (any TabRouting)?
  weak var listener: (any TabListener)?
  private let paymentService: any PaymentService
  private var cents = 0

  init(presenter: any TabPresentable, paymentService: any PaymentService) {
    self.presenter = presenter
    self.paymentService = paymentService
  }

  func wire(router: any TabRouting, listener: any TabListener) {
    self.router = router
    self.listener = listener
  }

  func close() async {
    await router?.routeToReceipt()
    await listener?.tabDidClose()
  }

  func didBecomeActive() async {
    task {
      for await charge in self.paymentService.charges() {
        self.cents += charge
        await self.presenter.presentTotal(self.cents)
      }
    }
  }
}

@MainActor
final class TabScreen: TabPresentable, ViewControllable {
  private(set) var text = ""

  func presentTotal(_ cents: Int) { text = "Total: \(cents)¢" }
}

// MARK: - Interactors: a custom activate()

final actor HappyHourInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private(set) var activations = 0

  func activate() async {
    await lifecycle.activate { await self.countActivation() }
  }

  private func countActivation() { activations += 1 }
}

// MARK: - Builders, components and dependencies are not Sendable

protocol TabDependency: Dependency {
  var paymentService: any PaymentService { get }
}

final class TabComponent: Component<any TabDependency> {
  nonisolated override init(dependency: any TabDependency) {
    super.init(dependency: dependency)
  }

  var paymentService: any PaymentService { dependency.paymentService }
}

protocol TabBuildable: Buildable {
  @MainActor func build(withListener listener: any TabListener) async -> any TabRouting
}

final class TabBuilder: Builder<any TabDependency>, TabBuildable {
  nonisolated override init(dependency: any TabDependency) {
    super.init(dependency: dependency)
  }

  @MainActor
  func build(withListener listener: any TabListener) async -> any TabRouting {
    let component = TabComponent(dependency: dependency)
    let screen = TabScreen()
    let interactor = TabInteractor(presenter: screen, paymentService: component.paymentService)
    let router = TabRouter(interactor: interactor, viewController: screen)
    await interactor.wire(router: router, listener: listener)
    return router
  }
}

final class TabRouter: ViewableRouter<TabInteractor, TabScreen>, TabRouting {
  private(set) var showsReceipt = false

  func routeToReceipt() async { showsReceipt = true }
}

// MARK: - Components: shared instances

final class Ledger {}

final class Till {
  let ledger: Ledger

  init(ledger: Ledger) { self.ledger = ledger }
}

final class TillComponent: Component<EmptyDependency> {
  nonisolated override init(dependency: any EmptyDependency) {
    super.init(dependency: dependency)
  }

  var ledger: Ledger { shared { Ledger() } }
  var till: Till { shared { Till(ledger: ledger) } }
}

// MARK: - Modules whose default isolation is MainActor

final class HappyHourComponent: Component<EmptyDependency> {
  nonisolated override init(dependency: any EmptyDependency) {
    super.init(dependency: dependency)
  }
}

final class HappyHourBuilder: Builder<any EmptyDependency> {
  nonisolated override init(dependency: any EmptyDependency) {
    super.init(dependency: dependency)
  }

  @MainActor
  func build() -> BarRouter {
    _ = HappyHourComponent(dependency: dependency)
    return BarRouter(interactor: BarInteractor(), viewController: BarScreen())
  }
}

// MARK: - Routers: a hand-written LaunchRouting

final actor BarInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
}

@MainActor
final class BarScreen: ViewControllable {}

final class BarRouter: ViewableRouter<BarInteractor, BarScreen>, LaunchRouting {
  #if canImport(UIKit)
    func launch(from window: UIWindow) async {
      window.rootViewController = viewControllable.uiviewController
      window.makeKeyAndVisible()
      await launch()
    }
  #elseif canImport(AppKit)
    func launch(from window: NSWindow) async {
      window.contentViewController = viewControllable.nsviewController
      window.makeKeyAndOrderFront(nil)
      await launch()
    }
  #endif
}

// MARK: - Test support

/// A payment service whose charges the test sends.
final class StubPaymentService: PaymentService {
  let stream = MockStream<Int>()

  func charges() -> AsyncStream<Int> { stream.stream() }
}

nonisolated final class BarComponent: Component<EmptyDependency>, TabDependency {
  let paymentService: any PaymentService

  init(paymentService: any PaymentService) {
    self.paymentService = paymentService
    super.init(dependency: EmptyComponent())
  }
}

nonisolated enum TabPresenterCall: Equatable, Sendable {
  case presentTotal(Int)
}

final class MockTabPresenter: RecordingPresenter<TabPresenterCall>, TabPresentable {
  func presentTotal(_ cents: Int) { record(.presentTotal(cents)) }
}

nonisolated enum TabListenerCall: Equatable, Sendable {
  case tabDidClose
}

final class MockTabListener: TabListener, RecordingListener {
  let calls = CallRecorder<TabListenerCall>("MockTabListener")

  func tabDidClose() async { record(.tabDidClose) }
}

// MARK: - Tests

@Suite(.napkinChecks)
struct MigratingFromNapkin2Tests {
  @Test func builder_isCreatedAnywhere_andBuildsTheTabOnTheMainActor() async {
    let listener = MockTabListener()
    let builder = TabBuilder(dependency: BarComponent(paymentService: StubPaymentService()))

    let router = await builder.build(withListener: listener)
    await (router.interactable as? TabInteractor)?.close()

    // One hop to the main actor, awaited under either default isolation.
    let (isTabScreen, showsReceipt) = await MainActor.run {
      (router.viewControllable is TabScreen, (router as? TabRouter)?.showsReceipt == true)
    }
    #expect(isTabScreen)
    #expect(showsReceipt)
    #expect(listener.calls == [.tabDidClose])
  }

  @Test func task_runsOnTheInteractorsActor_totallingEachCharge() async {
    let payments = StubPaymentService()
    let presenter = MockTabPresenter()
    let interactor = TabInteractor(presenter: presenter, paymentService: payments)
    await interactor.activate()
    await payments.stream.waitForSubscribers(count: 1)

    payments.stream.send(250)
    payments.stream.send(100)

    await presenter.calls.waitForCalls(count: 2)
    #expect(presenter.calls == [.presentTotal(250), .presentTotal(350)])
    await interactor.deactivate()
  }

  @Test func isActive_isReadWithoutAwait() async {
    let interactor = TabInteractor(
      presenter: MockTabPresenter(), paymentService: StubPaymentService())

    await interactor.activate()

    #expect(interactor.isActive)
    #expect(interactor.lifecycle.isActive)
    await interactor.deactivate()
  }

  @Test func customActivate_countsOneActivationPerInactiveToActiveEdge() async {
    let interactor = HappyHourInteractor()

    await interactor.activate()
    await interactor.activate()

    #expect(await interactor.activations == 1)
  }

  @Test func shared_factoryMayReadAnotherSharedInstance() {
    let component = TillComponent(dependency: EmptyComponent())

    let till = component.till

    #expect(till === component.till)
    #expect(till.ledger === component.ledger)
  }

  @MainActor
  @Test func handWrittenLaunchRouting_launchesWithTheDefaultLaunch() async {
    let router = BarRouter(interactor: BarInteractor(), viewController: BarScreen())

    await router.launch()

    #expect(router.interactable.lifecycle.isActive)
  }

  @MainActor
  @Test func builderWithARestatedInitializer_buildsARouterThatLaunches() async {
    let builder = HappyHourBuilder(dependency: EmptyComponent())

    let router = builder.build()
    await router.launch()

    #expect(router.interactable.lifecycle.isActive)
  }

  @MainActor
  @Test func detachingAParent_deactivatesItsWholeSubtree() async {
    let root = BarRouter(interactor: BarInteractor(), viewController: BarScreen())
    let tab = Router(interactor: BarInteractor())
    let receipt = Router(interactor: BarInteractor())
    await root.launch()
    await root.attachChild(tab)
    await tab.attachChild(receipt)

    await root.detachChild(tab)

    #expect(!tab.interactable.lifecycle.isActive)
    #expect(!receipt.interactable.lifecycle.isActive)
  }
}
