/// Runs a test body, then fails the test for whatever it left behind.
///
/// Inside `body`, objects registered with ``expectDeallocatedAtEnd(_:fileID:filePath:line:column:)``
/// and ``expectNoBoundTasksAtEnd(_:fileID:filePath:line:column:)`` are checked when `body`
/// returns (or throws):
/// - a tracked interactor must have no bound task still running (its tasks get `timeout` to
///   observe cancellation and end);
/// - a tracked object must be deallocated;
/// - issues that mocks found on other tasks and kept are reported;
/// - with `strict`, every call a ``CallRecorder`` created inside `body` recorded must have been
///   read by an assertion.
///
/// Works in Swift Testing and in XCTest; the ``Testing/Trait/napkinChecks`` trait calls it for a
/// whole test or suite.
///
/// Isolation: runs `body` in the caller's isolation.
///
/// ```swift
/// func testLogin() async throws {
///   try await withNapkinChecks(strict: true) {
///     let sut = LaunchInteractor(auth: auth)
///     expectDeallocatedAtEnd(sut)
///     await sut.activate()
///     await sut.deactivate()
///   }
/// }
/// ```
public func withNapkinChecks<Result, Failure: Error>(
  strict: Bool = false, timeout: Duration = .napkinDefaultTimeout,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return try await runNapkinChecks(
    strict: strict, timeout: timeout, call: "withNapkinChecks(timeout:)", site: site, body)
}

/// The shared implementation of `withNapkinChecks` and the trait.
func runNapkinChecks<Result, Failure: Error>(
  strict: Bool, timeout: Duration, call: String, site: CallSite,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
  // A test-level trait inside a strict suite (or any nested checks) never loosens strictness.
  let strict = strict || (TestScope.current?.isStrict ?? false)
  var timeout = timeout
  if TimeoutMisuse.isNegative(
    timeout, in: call, consequence: "the checks use the default \(Duration.napkinDefaultTimeout)",
    report: { Reporter.report($0, at: site) })
  {
    timeout = .napkinDefaultTimeout
  }
  let scope = TestScope(strict: strict, site: site)
  let outcome: Swift.Result<Result, Failure> = await TestScope.$current.withValue(scope) {
    await LifecycleDiagnostics.withTaskDropped(scope.taskDropped) {
      do throws(Failure) {
        return .success(try await body())
      } catch {
        return .failure(error)
      }
    }
  }
  let issues = await scope.close(strict: strict, timeout: timeout, site: site)
  let destination = Reporter.currentDestination
  // Reported as the scope's own, so each message ends with the test's last events.
  TestScope.$current.withValue(scope) {
    for issue in issues { Reporter.report(issue, to: destination) }
  }
  scope.attachTimelineIfFailed(reportedNow: issues.count, to: destination)
  return try outcome.get()
}
