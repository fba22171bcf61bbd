import NapkinTesting

/// Two held logins, the second released first by its ordinal: what had finished after each
/// release. Shared by the Swift Testing and XCTest suites.
enum ReleaseByOrdinalScenario {
  static func answerTheSecondFirst() async throws -> (
    afterSecond: [String], afterFirst: [String], calls: Int
  ) {
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
    let afterSecond = finished.all
    auth.release(.login, call: 1)
    try await first.value
    return (afterSecond, finished.all, auth.calls.count(of: .login))
  }
}
