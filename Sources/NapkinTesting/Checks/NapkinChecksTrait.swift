public import Testing

/// A Swift Testing trait that runs every test it applies to inside
/// ``withNapkinChecks(strict:timeout:isolation:fileID:filePath:line:column:_:)``.
///
/// Apply it to a test or a whole suite: each test then fails if a tracked object leaked, a
/// tracked interactor still runs bound tasks, a mock kept an issue found on another task, or
/// (with `strict: true`) a recorded call was never asserted. Each test gets its own scope, so
/// parallel tests stay independent.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// @Suite(.napkinChecks(strict: true))
/// struct LaunchInteractorTests {
///   @Test func login_attachesLoggedIn() async { /* ... */ }
/// }
/// ```
public struct NapkinChecksTrait: TestTrait, SuiteTrait, TestScoping {
  /// Whether every recorded call must have been read by an assertion.
  public let strict: Bool
  /// How long tracked interactors' bound tasks get to end.
  public let timeout: Duration

  /// Applies to every test in a suite.
  public var isRecursive: Bool { true }

  /// Creates the trait; prefer ``Testing/Trait/napkinChecks(strict:timeout:)``.
  public init(strict: Bool, timeout: Duration) {
    self.strict = strict
    self.timeout = timeout
  }

  /// Scopes each test case (the one case of a plain test function, each case of a parameterized
  /// one), so every test runs inside exactly one scope; not suites.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    if test.isSuite || testCase == nil { return nil }
    return self
  }

  /// Runs the test inside a fresh scope, then reports what the end-of-test checks found.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let location = test.sourceLocation
    let site = CallSite(
      fileID: location.fileID, filePathString: location.filePath, line: UInt(location.line),
      column: UInt(location.column))
    try await runNapkinChecks(
      strict: strict, timeout: timeout, call: ".napkinChecks(timeout:)", site: site
    ) {
      try await function()
    }
  }
}

extension Trait where Self == NapkinChecksTrait {
  /// End-of-test checks for leaks, running bound tasks and kept issues.
  public static var napkinChecks: Self {
    NapkinChecksTrait(strict: false, timeout: .napkinDefaultTimeout)
  }

  /// End-of-test checks; with `strict`, every recorded call must also have been asserted.
  public static func napkinChecks(
    strict: Bool = false, timeout: Duration = .napkinDefaultTimeout
  ) -> Self {
    NapkinChecksTrait(strict: strict, timeout: timeout)
  }
}
