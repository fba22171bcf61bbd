import NapkinTesting
import Testing

/// An interactor whose activation binds one login call.
private final actor Loader: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let auth: MockAuthService

  init(auth: MockAuthService) { self.auth = auth }

  func didBecomeActive() async {
    task { _ = try? await self.auth.login() }
  }
}

/// A call still held when the test ends names the task that made it.
@Suite struct HeldAtEndTests {
  @Test func callHeldAtTheEnd_namesTheBoundTaskThatMadeIt() async {
    let auth = MockAuthService()
    let sut = Loader(auth: auth)
    let issues = await withIssueCollector {
      await withNapkinChecks {
        auth.hold(.login)
        await sut.activate()
        await auth.waitUntilHeld(.login)
        _ = auth.calls.count
      }
    }
    await sut.deactivate()
    let message = issues.map(\.message).joined(separator: "\n")
    #expect(
      message.contains(
        "1 call of login was still held when the test ended (made by the task {} at "
          + "NapkinTestingTests/HeldAtEndTests.swift:12)"),
      "\(message)")
    #expect(message.contains("Call release(login) before the test ends; in an exploration"))
  }
}
