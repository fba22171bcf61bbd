//___FILEHEADER___

import NapkinTesting
import Testing
import napkin

@testable import ___VARIABLE_moduleName___

/// ___VARIABLE_productName___'s interactor on mocks: what it shows on activation, when the service fails, when it is
/// deactivated mid-load, and whatever order two refreshes and their answers arrive in.
@Suite(.napkinChecks(strict: true))
struct ___VARIABLE_productName___InteractorTests {
  let presenter = Mock___VARIABLE_productName___Presenter()
  let listener = Mock___VARIABLE_productName___Listener()
  let router = Mock___VARIABLE_productName___Router()
  let service = Mock___VARIABLE_productName___Service()

  func makeSUT() async -> ___VARIABLE_productName___Interactor {
    let sut = ___VARIABLE_productName___Interactor(presenter: presenter, service: service)
    await sut.wire(router: router, listener: listener)
    return sut
  }

  @Test func activation_loadsTheContent_andPresentsIt() async {
    let sut = await makeSUT()

    await sut.activate()
    await settle(sut)

    #expect(service.calls == [.fetchContent])
    #expect(presenter.calls == [.present(content: "The content")])
    await sut.deactivate()
  }

  @Test func failingFetch_presentsTheFailure() async {
    service.failingMethods = [.fetchContent]
    let sut = await makeSUT()

    await sut.activate()
    await settle(sut)

    #expect(service.calls == [.fetchContent])
    #expect(presenter.calls == [.presentFailure(message: "Could not load. Try again.")])
    await sut.deactivate()
  }

  @Test func deactivation_cancelsTheLoadInFlight_andPresentsNothing() async {
    service.hold(.fetchContent)
    let sut = await makeSUT()
    await sut.activate()
    await service.calls.waitForCall(.fetchContent)

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)
    #expect(presenter.calls == [])
  }

  @Test func didTapClose_tellsTheListener() async {
    let sut = await makeSUT()

    await sut.didTapClose()

    #expect(listener.calls == [.didClose___VARIABLE_productName___])
  }

  @Test func twoRefreshes_inAnyOrderWithTheirAnswers_fetchOneAtATime_andPresentEachOutcome() async {
    let report = await explore { scenario in
      let presenter = Mock___VARIABLE_productName___Presenter()
      let service = Mock___VARIABLE_productName___Service()
      let sut = ___VARIABLE_productName___Interactor(presenter: presenter, service: service)
      scenario.answers(service, .fetchContent, with: [.success, .failure(SimulatedError())])
      scenario.action("refresh", on: sut) { await sut.didTapRefresh() }
      scenario.action("refresh", on: sut) { await sut.didTapRefresh() }
      scenario.invariant("one fetch in flight at most") {
        service.heldCount(of: .fetchContent) <= 1
      }
      scenario.expect("one outcome presented per fetch") {
        presenter.calls.count == service.calls.count
      }
    }
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive, "\(report)")
  }
}

/// ___VARIABLE_productName___'s builder and router: the napkin it builds loads from its dependency's service once
/// attached, and starts with no children.
@MainActor
@Suite(.napkinChecks(strict: true))
struct ___VARIABLE_productName___RouterTests {
  let service = Mock___VARIABLE_productName___Service()
  let listener = Mock___VARIABLE_productName___Listener()

  @Test func build_wiresTheNapkin_whichLoadsFromItsDependencyWhenActivated() async {
    let builder = ___VARIABLE_productName___Builder(dependency: Mock___VARIABLE_productName___Dependency(service: service))
    let router = await builder.build(withListener: listener)

    await router.interactable.activate()
    await router.load()
    await settle(router)

    #expect(service.calls == [.fetchContent])
    #expect(router.children.isEmpty)
    #expect(listener.calls == [])
    await router.interactable.deactivate()
  }

  @Test func parentAttachingTheNapkin_activatesIt_andDetachingDeactivatesIt() async {
    let parent = Mock___VARIABLE_productName___Router()
    let router = await ___VARIABLE_productName___Builder(dependency: Mock___VARIABLE_productName___Dependency(service: service))
      .build(withListener: listener)

    await parent.attachChild(router)
    await settle(router)
    #expect(await router.interactable.isActive)
    #expect(service.calls == [.fetchContent])

    await parent.detachChild(router)
    #expect(await !router.interactable.isActive)
    #expect(parent.routing == [.attachChild(.init(router)), .detachChild(.init(router))])
  }
}

// MARK: - Mocks
//
// Each mock's initializer takes where the test creates it (keep the defaults): a strict check's
// failure names that line.

/// The calls ___VARIABLE_productName___'s presenter receives.
nonisolated enum ___VARIABLE_productName___PresenterCall: Equatable, Sendable {
  case present(content: String)
  case presentFailure(message: String)
}

/// Records what the interactor shows.
final class Mock___VARIABLE_productName___Presenter: RecordingPresenter<___VARIABLE_productName___PresenterCall>, ___VARIABLE_productName___Presentable {
  weak var listener: (any ___VARIABLE_productName___PresentableListener)?

  func present(content: String) { record(.present(content: content)) }
  func presentFailure(message: String) { record(.presentFailure(message: message)) }
}

/// The calls ___VARIABLE_productName___'s parent receives.
nonisolated enum ___VARIABLE_productName___ListenerCall: Equatable, Sendable {
  case didClose___VARIABLE_productName___
}

/// Records what ___VARIABLE_productName___ tells its parent.
final class Mock___VARIABLE_productName___Listener: ___VARIABLE_productName___Listener, RecordingListener {
  let calls: CallRecorder<___VARIABLE_productName___ListenerCall>

  init(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    calls = CallRecorder(
      "Mock___VARIABLE_productName___Listener", fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func didClose___VARIABLE_productName___() async { await recordCall(.didClose___VARIABLE_productName___) }
}

/// The methods of ___VARIABLE_productName___'s service, by which its mock fails and holds them.
nonisolated enum ___VARIABLE_productName___ServiceMethod: Hashable, Sendable {
  case fetchContent
}

/// Answers fetchContent with `content`, or fails or holds it as the test asks.
final class Mock___VARIABLE_productName___Service: ___VARIABLE_productName___Servicing, MockService {
  let mock: MockServiceCore<___VARIABLE_productName___ServiceMethod>
  let content: Stub<String>

  init(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    mock = MockServiceCore(
      "Mock___VARIABLE_productName___Service", fileID: fileID, filePath: filePath, line: line, column: column)
    content = Stub(
      "The content", label: "content", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  func fetchContent() async throws -> String {
    try await throwIfFailing(.fetchContent)
    return try content.get()
  }
}

/// The calls of ___VARIABLE_productName___'s routing methods, recorded by Mock___VARIABLE_productName___Router: none yet; a child adds
/// `attach<Child>` and `detach<Child>`.
nonisolated enum ___VARIABLE_productName___RouterCall: Equatable, Sendable {}

/// Records what the interactor asks its router; a child's methods record with `recordCall`.
final class Mock___VARIABLE_productName___Router: BaseMockRouter<___VARIABLE_productName___RouterCall>, ___VARIABLE_productName___Routing {}

/// ___VARIABLE_productName___'s dependency, answered by mocks. A service a child gets through it (a requirement
/// `var serviceFor<Child>: any <Child>Servicing { get }` of ___VARIABLE_productName___Dependency) is one line here:
/// `let serviceFor<Child>: any <Child>Servicing = Mock<Child>Service()`.
final class Mock___VARIABLE_productName___Dependency: ___VARIABLE_productName___Dependency {
  let serviceFor___VARIABLE_productName___: any ___VARIABLE_productName___Servicing

  init(service: any ___VARIABLE_productName___Servicing) {
    serviceFor___VARIABLE_productName___ = service
  }
}
