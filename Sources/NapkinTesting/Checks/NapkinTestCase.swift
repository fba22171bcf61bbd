public import XCTest

/// An `XCTestCase` base that runs the end-of-test checks after every test method.
///
/// Each test method runs in its own scope, as with
/// ``withNapkinChecks(strict:timeout:isolation:fileID:filePath:line:column:_:)``: objects
/// registered with ``expectDeallocatedAtEnd(_:fileID:filePath:line:column:)`` must be deallocated,
/// interactors registered with ``expectNoBoundTasksAtEnd(_:fileID:filePath:line:column:)`` must
/// have no bound task running, issues mocks kept are reported, and with ``napkinChecksAreStrict``
/// every recorded call must have been asserted. The checks run as a teardown block, before
/// `tearDown`.
///
/// Prefer ``withNapkinChecks(strict:timeout:isolation:fileID:filePath:line:column:_:)`` inside a
/// test method when the test case already has a base class.
///
/// Isolation: an `XCTestCase`, nonisolated like its base.
///
/// ```swift
/// final class LaunchInteractorTests: NapkinTestCase {
///   override var napkinChecksAreStrict: Bool { true }
///   func testLogin_attachesLoggedIn() async { /* ... */ }
/// }
/// ```
open class NapkinTestCase: XCTestCase {
  /// Whether every recorded call must have been read by an assertion; `false` by default.
  open var napkinChecksAreStrict: Bool { false }

  /// How long tracked interactors' bound tasks get to end; five seconds by default.
  open var napkinChecksTimeout: Duration { .napkinDefaultTimeout }

  /// Runs the test method inside a fresh scope whose checks run as a teardown block.
  open override func invokeTest() {
    let strict = napkinChecksAreStrict
    let scope = TestScope(strict: strict, testName: name)
    let site = CallSite(fileID: "\(type(of: self))", filePathString: name, line: 0, column: 0)
    let timeout =
      TimeoutMisuse.isNegative(
        napkinChecksTimeout, in: "napkinChecksTimeout",
        consequence: "the checks use the default \(Duration.napkinDefaultTimeout)",
        report: { Reporter.report(NapkinIssue($0, at: site), to: .xcTest) })
      ? .napkinDefaultTimeout : napkinChecksTimeout
    TestScope.$current.withValue(scope) {
      LifecycleDiagnostics.withTaskDropped(scope.taskDropped) {
        addTeardownBlock {
          let issues = await scope.close(strict: strict, timeout: timeout, site: site)
          TestScope.$current.withValue(scope) {
            for issue in issues { Reporter.report(issue, to: .xcTest) }
          }
          scope.attachTimelineIfFailed(reportedNow: issues.count, to: .xcTest)
        }
        super.invokeTest()
      }
    }
  }
}
