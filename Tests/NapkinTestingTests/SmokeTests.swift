import NapkinTesting
import Testing

struct User: Equatable, Sendable { var name: String }

protocol AuthServicing: Sendable {
  func login() async throws -> User
}

@MainActor protocol LaunchRoutingProtocol: LaunchRouting {
  func attachLoggedOut() async
  func attachLoggedIn(user: User) async
}

final actor LaunchInteractorX: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  weak var router: (any LaunchRoutingProtocol)?
  let auth: any AuthServicing
  init(auth: any AuthServicing) { self.auth = auth }
  func wire(router: any LaunchRoutingProtocol) { self.router = router }
  func didBecomeActive() async { await router?.attachLoggedOut() }
  func tapLogin() async {
    do { await router?.attachLoggedIn(user: try await auth.login()) } catch {}
  }
}

enum LaunchCall: Equatable, Sendable { case attachLoggedOut, attachLoggedIn(User) }
final class MockLaunchRouting: BaseMockRouter<LaunchCall>, LaunchRoutingProtocol {
  func attachLoggedOut() async { record(.attachLoggedOut) }
  func attachLoggedIn(user: User) async { record(.attachLoggedIn(user)) }
}

enum AuthMethod: Hashable, Sendable { case login }
final class MockAuth: AuthServicing, MockService {
  let mock = MockServiceCore<AuthMethod>("MockAuth")
  let loginResult = Stub(User(name: "Test"))
  func login() async throws -> User {
    try await throwIfFailing(.login)
    return try loginResult.get()
  }
}

@Suite(.napkinChecks(strict: true))
struct SmokeTests {
  @Test func login_attachesLoggedIn() async {
    let auth = MockAuth()
    let router = MockLaunchRouting()
    let sut = LaunchInteractorX(auth: auth)
    await sut.wire(router: router)
    expectReleasedAtEnd(sut)
    await sut.tapLogin()
    #expect(auth.calls.calls == [.login])
    #expect(router.calls.calls == [.attachLoggedIn(User(name: "Test"))])
  }

  @Test func loginFailure_staysLoggedOut() async {
    let auth = MockAuth()
    auth.failingMethods = [.login]
    let router = MockLaunchRouting()
    let sut = LaunchInteractorX(auth: auth)
    await sut.wire(router: router)
    await sut.tapLogin()
    #expect(auth.calls.count == 1)
    #expect(router.calls.count == 0)
  }

  @Test func activateTwice_attachesOnce() async {
    let router = MockLaunchRouting()
    let sut = LaunchInteractorX(auth: MockAuth())
    await sut.wire(router: router)
    await expectActivateIsIdempotent(sut) { router.calls.count(of: .attachLoggedOut) }
    #expect(router.calls.calls == [.attachLoggedOut])
  }

  @Test func timeout_reportsRecordedCalls() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    let issues = await withIssueCollector {
      await recorder.waitForCalls(count: 2, timeout: .milliseconds(20))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("1 recorded: [1]") == true)
  }

  @Test func heldLogin_cancelled() async {
    let auth = MockAuth()
    auth.hold(.login)
    let task = Task { try await auth.login() }
    await auth.waitUntilHeld(.login)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    _ = auth.calls.calls
  }
}
