/// Runs `body` and returns the issues NapkinTesting helpers reported inside it, instead of
/// failing the test with them.
///
/// Use it to test your own helpers built on NapkinTesting, or to assert that a misuse is
/// diagnosed. Issues found later by objects created inside `body` still reach the collector.
///
/// Isolation: runs `body` in the caller's isolation.
///
/// ```swift
/// let issues = await withIssueCollector {
///   await recorder.waitForCalls(count: 2, timeout: .milliseconds(10))
/// }
/// #expect(issues.map(\.message).contains { $0.contains("recorded 1") })
/// ```
public func withIssueCollector(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [NapkinIssue] {
  let collector = IssueCollector()
  try await collector.collect(isolation: isolation, body)
  return collector.issues
}
