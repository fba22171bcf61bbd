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
    // Released when the checks end, the call returns: with a value set it reads no unset stub
    // after this test has ended.
    auth.loginResult.value = User(name: "Ada")
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

  @Test func serviceCallHeldAtTheEnd_isReleasedThere_andReportedOnce() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    var login: Task<User?, Never>?
    let issues = await withIssueCollector {
      await withNapkinChecks {
        // Were the call still held after the checks, awaiting it below would last until this
        // timeout, then report again.
        auth.hold(.login, timeout: .seconds(60))
        login = Task { try? await auth.login() }
        await auth.waitUntilHeld(.login)
        _ = auth.calls.count
      }
      // Released by the checks: it returns, and its hold's timer is gone with it.
      #expect(await login?.value == User(name: "Ada"))
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.message.hasPrefix("1 call of login was still held") == true)
    #expect(auth.heldCount(of: .login) == 0)
  }

  @Test func listenerCallHeldAtTheEnd_isReleasedThere_andReportedOnce() async {
    let listener = MockCheckoutListener()
    var done: Task<Void, Never>?
    let issues = await withIssueCollector {
      await withNapkinChecks {
        listener.hold(timeout: .seconds(60))
        done = Task { await listener.checkoutDidFinish(paid: true) }
        await listener.waitUntilHeld()
        _ = listener.calls.count
      }
      await done?.value
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.message.hasPrefix("A call of MockCheckoutListener (didFinish#1)") == true)
  }
}
