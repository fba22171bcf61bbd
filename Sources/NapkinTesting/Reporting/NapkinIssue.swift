/// A failure found by a NapkinTesting helper: what went wrong and where the test asked for it.
///
/// Issues normally go straight to Swift Testing or XCTest. Inside
/// ``withIssueCollector(isolation:_:)`` they are collected instead, so a test can check what a
/// helper would have reported.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// let issues = await withIssueCollector { await recorder.waitForCalls(count: 1, timeout: .zero) }
/// #expect(issues.first?.message.contains("Timed out") == true)
/// ```
public struct NapkinIssue: Sendable, CustomStringConvertible {
  /// The failure message, naming the mistake.
  public let message: String
  /// The call site the failure is attributed to.
  public let site: CallSite

  /// Creates an issue.
  public init(_ message: String, at site: CallSite) {
    self.message = message
    self.site = site
  }

  /// `fileID:line:column: message`.
  public var description: String { "\(site): \(message)" }
}
