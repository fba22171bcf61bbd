// The code of Docs/NapkinTesting.docc/AttachingAChildNapkin.md: a child napkin, Cart, attached
// by its parent, Checkout, whose interactor is Cart's listener; the parent's tests, the child's,
// and an exploration of Cart's call to its parent, held.

import NapkinTesting
import Testing

// MARK: - The child

/// What Cart tells its parent.
protocol CartListener: AnyObject, Sendable {
  /// The user is done with Cart: the parent detaches it.
  func didCloseCart() async
}

/// What Cart needs from its parent's scope.
nonisolated protocol CartDependency: Dependency {}

/// What Cart's interactor asks its router.
@MainActor
protocol CartRouting: Routing {}

/// Builds Cart reporting to its parent.
@MainActor
protocol CartBuildable: Buildable {
  func build(withListener listener: any CartListener) async -> any CartRouting
}

final actor CartInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private weak var listener: (any CartListener)?
  private var isClosing = false

  func wire(listener: (any CartListener)?) {
    self.listener = listener
  }

  /// Tells the parent once, however often the user taps Close.
  func didTapClose() async {
    guard !isClosing else { return }
    isClosing = true
    await listener?.didCloseCart()
  }
}

@MainActor
final class CartRouter: Router<CartInteractor>, CartRouting {}

@MainActor
final class CartBuilder: Builder<any CartDependency>, CartBuildable {
  nonisolated override init(dependency: any CartDependency) {
    super.init(dependency: dependency)
  }

  func build(withListener listener: any CartListener) async -> any CartRouting {
    let interactor = CartInteractor()
    await interactor.wire(listener: listener)
    return CartRouter(interactor: interactor)
  }
}

// MARK: - The parent

/// What Checkout needs from its parent's scope.
nonisolated protocol CheckoutDependency: Dependency {}

/// Checkout's scope, which Cart's builder is given as its dependency.
nonisolated final class CheckoutComponent: Component<any CheckoutDependency> {}

extension CheckoutComponent: CartDependency {}

/// The Checkout interactor as its router sees it: Cart's listener.
protocol CheckoutInteractable: Interactable, CartListener {}

@MainActor
protocol CheckoutRouting: Routing {
  /// Attaches Cart, built with the interactor as its listener; does nothing if it is attached.
  func attachCart() async

  /// Detaches Cart; does nothing if it is not attached.
  func detachCart() async
}

@MainActor
final class CheckoutRouter: Router<any CheckoutInteractable>, CheckoutRouting {
  /// Checkout's scope, which the builders of its children are given as their dependency.
  private let component: CheckoutComponent

  init(interactor: any CheckoutInteractable, component: CheckoutComponent) {
    self.component = component
    super.init(interactor: interactor)
  }

  /// Cart's router while Cart is attached.
  private var cartRouter: (any CartRouting)?

  func attachCart() async {
    guard cartRouter == nil else { return }
    let builder = CartBuilder(dependency: component)
    let child = await builder.build(withListener: interactor)
    cartRouter = child
    await attachChild(child)
  }

  func detachCart() async {
    guard let child = cartRouter else { return }
    cartRouter = nil
    await detachChild(child)
  }
}

final actor CheckoutInteractor: CheckoutInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  private weak var router: (any CheckoutRouting)?

  func wire(router: (any CheckoutRouting)?) {
    self.router = router
  }

  func didTapCart() async {
    await router?.attachCart()
  }

  func didCloseCart() async {
    await router?.detachCart()
  }
}

// MARK: - The parent's tests

nonisolated enum CheckoutRouterCall: Equatable, Sendable {
  case attachCart
  case detachCart
}

final class MockCheckoutRouter: BaseMockRouter<CheckoutRouterCall>, CheckoutRouting {
  func attachCart() async { await recordCall(.attachCart) }
  func detachCart() async { await recordCall(.detachCart) }
}

@Suite(.napkinChecks(strict: true))
struct CheckoutInteractorTests {
  let router = MockCheckoutRouter()

  @Test func tappingCart_attachesIt_andCartClosing_detachesIt() async {
    let sut = CheckoutInteractor()
    await sut.wire(router: router)

    await sut.didTapCart()
    await sut.didCloseCart()

    #expect(router.calls == [.attachCart, .detachCart])
  }
}

final class MockCheckoutDependency: CheckoutDependency {}

@MainActor
@Suite(.napkinChecks(strict: true))
struct CheckoutRouterTests {
  @Test func attachCart_attachesCart_whoseCloseReachesTheInteractor() async throws {
    let interactor = CheckoutInteractor()
    let component = CheckoutComponent(dependency: MockCheckoutDependency())
    let router = CheckoutRouter(interactor: interactor, component: component)
    await interactor.wire(router: router)

    await router.attachCart()
    await router.attachCart()

    let cart = try #require(router.children.first as? CartRouter)
    #expect(router.children.count == 1)
    #expect(cart.interactor.isActive)

    await cart.interactor.didTapClose()

    #expect(router.children.isEmpty)
    #expect(!cart.interactor.isActive)
  }
}

// MARK: - The child's tests

nonisolated enum CartListenerCall: Equatable, Sendable {
  case didCloseCart
}

final class MockCartListener: CartListener, RecordingListener {
  let calls = CallRecorder<CartListenerCall>("MockCartListener")

  func didCloseCart() async { await recordCall(.didCloseCart) }
}

final class MockCartDependency: CartDependency {}

@MainActor
@Suite(.napkinChecks(strict: true))
struct CartRouterTests {
  @Test func parentAttachingCart_activatesIt_andClosingTellsTheParent() async {
    let parent = BaseMockRouter<Never>()
    let listener = MockCartListener()
    let cart = await CartBuilder(dependency: MockCartDependency())
      .build(withListener: listener)

    await parent.attachChild(cart)
    #expect(await cart.interactable.isActive)

    await (cart as? CartRouter)?.interactor.didTapClose()
    #expect(listener.calls == [.didCloseCart])

    await parent.detachChild(cart)
    #expect(await !cart.interactable.isActive)
    #expect(parent.routing == [.attachChild(.init(cart)), .detachChild(.init(cart))])
  }
}

@Suite struct CartExplorationTests {
  @Test func twoClosesWhileCheckoutHandlesTheFirst_tellCheckoutOnce() async {
    let report = await explore { scenario in
      let listener = MockCartListener()
      let sut = CartInteractor()
      await sut.wire(listener: listener)
      scenario.answers(listener)
      await sut.activate()
      scenario.action("close", on: sut) { await sut.didTapClose() }
      scenario.action("close", on: sut) { await sut.didTapClose() }
      scenario.expect("Checkout told once") { listener.calls == [.didCloseCart] }
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
  }

  @Test func aCartMarkingItselfClosedAfterTheCall_tellsCheckoutTwice_inAnOrderTheExplorerNames()
    async
  {
    let issues = await withIssueCollector {
      await explore { scenario in
        let listener = MockCartListener()
        let sut = LateClosingCartInteractor(listener: listener)
        scenario.answers(listener)
        await sut.activate()
        scenario.action("close", on: sut) { await sut.didTapClose() }
        scenario.action("close", on: sut) { await sut.didTapClose() }
        scenario.expect("Checkout told once") { listener.calls == [.didCloseCart] }
      }
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains("close#1 close#2 didCloseCart#1✓") == true,
      "\(issues)")
  }
}

/// Cart as it would be with its flag set after the call to its parent returns: a second Close
/// while the parent handles the first passes the guard.
final actor LateClosingCartInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let listener: any CartListener
  private var isClosed = false

  init(listener: any CartListener) {
    self.listener = listener
  }

  func didTapClose() async {
    guard !isClosed else { return }
    await listener.didCloseCart()
    isClosed = true
  }
}
