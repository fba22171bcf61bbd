// The code of Docs/napkin.docc/TheInteractorLifecycle.md: activation, bound tasks, the activation
// stream, routers attaching children, and transitions requested from inside a callback.

import NapkinTesting
import Testing

// MARK: - An interactor with bound work

/// Today's pit board, as a stream of lines such as "Brisket: 3 left".
nonisolated protocol PitService: Sendable {
  func boards() -> AsyncStream<String>
}

@MainActor
protocol PitBoardNapkinPresentable: Presentable {
  func present(_ board: String)
}

final actor PitBoardNapkinInteractor: PresentableInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any PitBoardNapkinPresentable
  private let pit: any PitService

  init(presenter: any PitBoardNapkinPresentable, pit: any PitService) {
    self.presenter = presenter
    self.pit = pit
  }

  func didBecomeActive() async {
    task {
      for await board in self.pit.boards() {
        await self.presenter.present(board)
      }
    }
  }
}

// MARK: - Test doubles

/// A pit service whose boards the test feeds by hand.
final class FeedablePitService: PitService {
  let (stream, feed) = AsyncStream.makeStream(of: String.self)

  func boards() -> AsyncStream<String> { stream }
}

nonisolated enum PitBoardPresenterCall: Equatable, Sendable {
  case present(String)
}

final class MockPitBoardPresenter: RecordingPresenter<PitBoardPresenterCall>,
  PitBoardNapkinPresentable
{
  func present(_ board: String) { record(.present(board)) }
}

// MARK: - Activation, bound tasks and the activation stream

@Suite(.napkinChecks(strict: true))
struct InteractorLifecycleTests {
  @Test func boundTask_runsWhileActive_andEndsOnDeactivation() async {
    let pit = FeedablePitService()
    let presenter = MockPitBoardPresenter()
    let sut = PitBoardNapkinInteractor(presenter: presenter, pit: pit)

    await sut.activate()
    pit.feed.yield("Brisket: 3 left")
    await presenter.calls.waitForCall(.present("Brisket: 3 left"))

    await sut.deactivate()
    await settle(sut)

    #expect(sut.lifecycle.boundTaskCount == 0)
    #expect(presenter.calls == [.present("Brisket: 3 left")])
  }

  @Test func activateTwice_runsDidBecomeActiveOnce() async {
    let sut = PitBoardNapkinInteractor(
      presenter: MockPitBoardPresenter(), pit: FeedablePitService())

    await sut.activate()
    await sut.activate()

    #expect(sut.lifecycle.boundTaskCount == 1)
    await sut.deactivate()
  }

  @Test func taskRegisteredWhileInactive_neverRuns() async {
    let sut = PitBoardNapkinInteractor(
      presenter: MockPitBoardPresenter(), pit: FeedablePitService())

    var dropped: Task<Void, Never>?
    await expectBoundTasksDropped {
      dropped = sut.task { Issue.record("a task bound while inactive must not run") }
    }
    await dropped?.value

    #expect(dropped?.isCancelled == true)
    #expect(sut.lifecycle.boundTaskCount == 0)
  }

  @Test func isActiveStream_yieldsTheCurrentValueThenEveryTransition() async {
    let sut = PitBoardNapkinInteractor(
      presenter: MockPitBoardPresenter(), pit: FeedablePitService())
    var states = sut.isActiveStream.makeAsyncIterator()

    #expect(await states.next() == false)
    await sut.activate()
    #expect(await states.next() == true)
    await sut.deactivate()
    #expect(await states.next() == false)
  }
}

// MARK: - Routers attach and detach children

final class PitBoardScreen: ViewControllable {}

final class PitBoardNapkinRouter: ViewableRouter<PitBoardNapkinInteractor, PitBoardScreen> {
  private(set) var interactorWasActiveWhenLoaded: Bool?

  override func didLoad() async {
    interactorWasActiveWhenLoaded = interactable.lifecycle.isActive
  }
}

final actor KitchenNapkinInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
}

@MainActor
@Suite(.napkinChecks(strict: true))
struct RouterLifecycleTests {
  @Test func attachChild_activatesTheChildThenLoadsIt() async {
    let kitchen = Router(interactor: KitchenNapkinInteractor())
    let board = PitBoardNapkinInteractor(
      presenter: MockPitBoardPresenter(), pit: FeedablePitService())
    let child = PitBoardNapkinRouter(interactor: board, viewController: PitBoardScreen())

    await kitchen.attachChild(child)

    #expect(board.isActive)
    #expect(child.interactorWasActiveWhenLoaded == true)
    #expect(kitchen.children.count == 1)

    await kitchen.detachChild(child)

    #expect(!board.isActive)
    #expect(kitchen.children.isEmpty)
  }
}

// MARK: - A transition requested from inside a callback

/// What the Specials napkin tells its parent.
protocol SpecialsNapkinListener: AnyObject, Sendable {
  func specialsSoldOut() async
}

final actor SpecialsNapkinInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private weak var listener: (any SpecialsNapkinListener)?
  private let specials: [String]
  private(set) var stillActiveAfterAskingToLeave: Bool?

  init(specials: [String]) {
    self.specials = specials
  }

  func wire(listener: (any SpecialsNapkinListener)?) {
    self.listener = listener
  }

  func didBecomeActive() async {
    guard specials.isEmpty else { return }
    await listener?.specialsSoldOut()  // the parent detaches this napkin right away
    stillActiveAfterAskingToLeave = isActive
  }
}

@MainActor
protocol MenuNapkinRouting: Routing {
  func detachSpecials() async
}

final actor MenuNapkinInteractor: Interactable, SpecialsNapkinListener {
  nonisolated let lifecycle = InteractorLifecycle()
  private weak var router: (any MenuNapkinRouting)?

  func wire(router: (any MenuNapkinRouting)?) {
    self.router = router
  }

  func specialsSoldOut() async {
    await router?.detachSpecials()
  }
}

final class MenuNapkinRouter: Router<MenuNapkinInteractor>, MenuNapkinRouting {
  var specials: Router<SpecialsNapkinInteractor>?

  func detachSpecials() async {
    guard let specials else { return }
    await detachChild(specials)
  }
}

@MainActor
@Suite(.napkinChecks(strict: true))
struct TransitionFromACallbackTests {
  @Test func detachingFromInsideDidBecomeActive_deactivatesOnceTheCallbackReturns() async {
    let menu = MenuNapkinInteractor()
    let menuRouter = MenuNapkinRouter(interactor: menu)
    await menu.wire(router: menuRouter)
    let specials = SpecialsNapkinInteractor(specials: [])
    await specials.wire(listener: menu)
    let specialsRouter = Router(interactor: specials)
    menuRouter.specials = specialsRouter

    await menuRouter.attachChild(specialsRouter)

    #expect(await specials.stillActiveAfterAskingToLeave == true)
    #expect(!specials.isActive)
    #expect(menuRouter.children.isEmpty)
  }
}
