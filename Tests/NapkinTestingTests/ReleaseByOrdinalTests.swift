import NapkinTesting
import Testing

/// One held call released by its ordinal: the second call can answer before the first.
@Suite struct ReleaseByOrdinalTests {
  @Test func releaseCallTwo_answersTheSecondCallFirst_andKeepsTheFirstHeld() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    let finished = CallRecorder<String>("finished")
    auth.hold(.login)
    let first = Task {
      _ = try await auth.login()
      finished.record("first")
    }
    await auth.waitUntilHeld(.login)
    let second = Task {
      _ = try await auth.login()
      finished.record("second")
    }
    await auth.waitUntilHeld(.login, count: 2)

    auth.release(.login, call: 2)
    try await second.value
    #expect(finished.all == ["second"])

    auth.release(.login, call: 1)
    try await first.value
    #expect(finished.all == ["second", "first"])
    #expect(auth.calls.count(of: .login) == 2)
  }

  @Test func releasingACallThatIsNotHeld_reportsWhichAreHeld() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.hold(.login)
    let first = Task { _ = try await auth.login() }
    await auth.waitUntilHeld(.login)
    let issues = await withIssueCollector {
      auth.release(.login, call: 3)
      auth.release(.login, call: 0)
    }
    #expect(issues.count == 2)
    #expect(
      issues.first?.message
        == "release(login, call: 3): call #3 of login is not held (the calls of login held right "
        + "now are #1); calls are numbered from 1, in the order they were held.")
    auth.release(.login, call: 1)
    try await first.value
    let again = await withIssueCollector { auth.release(.login, call: 1) }
    #expect(again.first?.message.contains("(no call of login is held right now)") == true)
    _ = auth.calls.count
  }
}
