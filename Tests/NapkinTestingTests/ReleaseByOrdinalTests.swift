import NapkinTesting
import Testing

/// One held call released by its ordinal: the second call can answer before the first.
@Suite struct ReleaseByOrdinalTests {
  @Test func releaseCallTwo_answersTheSecondCallFirst_andKeepsTheFirstHeld() async throws {
    let (afterSecond, afterFirst, calls) = try await ReleaseByOrdinalScenario.answerTheSecondFirst()
    #expect(afterSecond == ["second"])
    #expect(afterFirst == ["second", "first"])
    #expect(calls == 2)
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
