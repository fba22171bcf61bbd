// The code of Docs/napkin.docc/GettingStarted.md: a first napkin and its first tests.

import NapkinTesting
import Testing

// MARK: - A first napkin: the tip jar

/// What the TipJar napkin needs from its parent.
protocol TipJarNapkinDependency: Dependency {
  var capacity: Int { get }
}

/// What the TipJar napkin tells its parent.
protocol TipJarNapkinListener: AnyObject, Sendable {
  func tipJarDidFill() async
}

/// The jar's screen, as the interactor sees it.
@MainActor
protocol TipJarNapkinPresentable: Presentable {
  func presentTips(_ count: Int, of capacity: Int)
}

/// The jar's router, as its parent sees it.
@MainActor
protocol TipJarNapkinRouting: ViewableRouting {}

final actor TipJarNapkinInteractor: PresentableInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any TipJarNapkinPresentable
  private weak var listener: (any TipJarNapkinListener)?
  private let capacity: Int
  private var tips = 0

  init(presenter: any TipJarNapkinPresentable, capacity: Int) {
    self.presenter = presenter
    self.capacity = capacity
  }

  func wire(listener: (any TipJarNapkinListener)?) {
    self.listener = listener
  }

  func didBecomeActive() async {
    await presenter.presentTips(tips, of: capacity)
  }

  func didTapTip() async {
    guard tips < capacity else { return }
    tips += 1
    await presenter.presentTips(tips, of: capacity)
    if tips == capacity { await listener?.tipJarDidFill() }
  }
}

@MainActor
final class TipJarScreen: ViewControllable, TipJarNapkinPresentable {
  private(set) var text = ""

  func presentTips(_ count: Int, of capacity: Int) {
    text = "Tips: \(count)/\(capacity)"
  }
}

final class TipJarNapkinRouter: ViewableRouter<TipJarNapkinInteractor, TipJarScreen>,
  TipJarNapkinRouting
{}

@MainActor
protocol TipJarNapkinBuildable: Buildable {
  func build(withListener listener: any TipJarNapkinListener) async -> any TipJarNapkinRouting
}

final class TipJarNapkinBuilder: Builder<any TipJarNapkinDependency>, TipJarNapkinBuildable {
  nonisolated override init(dependency: any TipJarNapkinDependency) {
    super.init(dependency: dependency)
  }

  func build(withListener listener: any TipJarNapkinListener) async -> any TipJarNapkinRouting {
    let screen = TipJarScreen()
    let interactor = TipJarNapkinInteractor(presenter: screen, capacity: dependency.capacity)
    await interactor.wire(listener: listener)
    return TipJarNapkinRouter(interactor: interactor, viewController: screen)
  }
}

// MARK: - A first test

nonisolated enum TipJarPresenterCall: Equatable, Sendable {
  case presentTips(Int, of: Int)
}

final class MockTipJarPresenter: RecordingPresenter<TipJarPresenterCall>,
  TipJarNapkinPresentable
{
  func presentTips(_ count: Int, of capacity: Int) { record(.presentTips(count, of: capacity)) }
}

nonisolated enum TipJarListenerCall: Equatable, Sendable {
  case tipJarDidFill
}

final class MockTipJarListener: TipJarNapkinListener, RecordingListener {
  let calls = CallRecorder<TipJarListenerCall>("MockTipJarListener")

  func tipJarDidFill() async { record(.tipJarDidFill) }
}

@Suite(.napkinChecks(strict: true))
struct TipJarNapkinInteractorTests {
  @Test func activation_presentsAnEmptyJar() async {
    let presenter = MockTipJarPresenter()
    let sut = TipJarNapkinInteractor(presenter: presenter, capacity: 2)

    await sut.activate()

    #expect(presenter.calls == [.presentTips(0, of: 2)])
  }

  @Test func fillingTheJar_tellsTheListenerOnce() async {
    let presenter = MockTipJarPresenter()
    let listener = MockTipJarListener()
    let sut = TipJarNapkinInteractor(presenter: presenter, capacity: 2)
    await sut.wire(listener: listener)

    await sut.didTapTip()
    await sut.didTapTip()
    await sut.didTapTip()  // the jar is full: ignored

    #expect(presenter.calls == [.presentTips(1, of: 2), .presentTips(2, of: 2)])
    #expect(listener.calls == [.tipJarDidFill])
  }
}

// MARK: - The whole napkin, attached to a parent

final class AppComponent: Component<any EmptyDependency>, TipJarNapkinDependency {
  nonisolated override init(dependency: any EmptyDependency) {
    super.init(dependency: dependency)
  }

  var capacity: Int { 3 }
}

@MainActor
@Suite(.napkinChecks(strict: true))
struct TipJarNapkinTests {
  @Test func attachedToAParent_showsAnEmptyJar() async {
    let builder = TipJarNapkinBuilder(dependency: AppComponent(dependency: EmptyComponent()))
    let listener = MockTipJarListener()
    let router = await builder.build(withListener: listener)
    let parent = BaseMockRouter<Never>()

    await parent.attachChild(router)

    #expect(router.interactable.lifecycle.isActive)
    #expect((router.viewControllable as? TipJarScreen)?.text == "Tips: 0/3")
    #expect(parent.routing == [.attachChild(RouterCall.Child(router))])
  }
}
