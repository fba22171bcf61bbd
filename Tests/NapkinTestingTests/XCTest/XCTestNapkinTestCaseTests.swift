import NapkinTesting
import XCTest

/// A `NapkinTestCase` whose end-of-test checks pass, in strict mode.
final class XCTestNapkinTestCaseTests: NapkinTestCase {
  override var napkinChecksAreStrict: Bool { true }

  func testCheckedInteractor_passesTheChecks() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Smokey Joe")
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectDeallocatedAtEnd(sut)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router)
    await sut.activate()
    await sut.loggedOutDidTapLogin()
    await sut.deactivate()
    XCTAssertEqual(auth.calls.all, [.login])
    XCTAssertEqual(
      router.calls.all, [.attachLoggedOut, .attachLoggedIn(User(name: "Smokey Joe"))])
  }

  func testExpectReleasedAtEnd_isInsideAScope() async {
    let issues = await withIssueCollector {
      let interactor = MockInteractor()
      expectDeallocatedAtEnd(interactor)
      expectNoBoundTasksAtEnd(interactor)
    }
    XCTAssertTrue(issues.isEmpty, "\(issues)")
  }

  func testSynchronousTest_isInsideAScope() {
    let interactor = MockInteractor()
    expectDeallocatedAtEnd(interactor)
  }

  func testWithNapkinChecks_worksInsideATestMethod() async {
    let leaked = MockInteractor()
    let issues = await withIssueCollector {
      await withNapkinChecks {
        expectDeallocatedAtEnd(leaked)
      }
    }
    XCTAssertEqual(issues.count, 1)
    XCTAssertTrue(issues.first?.message.contains("was not deallocated") ?? false)
    withExtendedLifetime(leaked) {}
  }
}

/// A `NapkinTestCase` whose checks fail on purpose; it captures the XCTest failures they record
/// and asserts on them in `tearDown`, which runs after the checks' teardown block.
final class XCTestNapkinTestCaseFailureTests: NapkinTestCase {
  override var napkinChecksAreStrict: Bool { true }
  override var napkinChecksTimeout: Duration { .milliseconds(50) }

  private let captured = CapturedFailures()
  private let keptInteractor = Stub<MockInteractor>(label: "keptInteractor")
  private let runningInteractor = Stub<WorkInteractor>(label: "runningInteractor")
  private var expectedFailure = ""

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if captured.capture(description) { return }
    super.recordFailure(
      withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
  }

  func testLeakedTrackedObject_failsTheTest() {
    expectedFailure = "MockInteractor was not deallocated by the end of the test"
    captured.start()
    let interactor = MockInteractor()
    keptInteractor.value = interactor
    expectDeallocatedAtEnd(interactor)
  }

  func testRunningBoundTask_failsTheTest() async {
    expectedFailure = "WorkInteractor still has 1 bound task running at the end of the test"
    captured.start()
    let sut = WorkInteractor()
    runningInteractor.value = sut
    expectNoBoundTasksAtEnd(sut)
    await sut.activate()
  }

  func testUnassertedCalls_failTheTestInStrictMode() {
    expectedFailure = "Strict checks: steps recorded 1 call no assertion read: 7"
    captured.start()
    let recorder = CallRecorder<Int>("steps")
    recorder.record(7)
  }

  override func tearDown() async throws {
    let failures = captured.stop()
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.contains(expectedFailure) ?? false,
      "expected a failure containing \"\(expectedFailure)\", got \(failures)")
    keptInteractor.value = nil
    await runningInteractor.value?.deactivate()
    runningInteractor.value = nil
    try await super.tearDown()
  }
}
