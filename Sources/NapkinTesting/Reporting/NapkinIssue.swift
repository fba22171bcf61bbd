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
  /// The name of the mock the issue is about, when it is reported where that mock was created.
  let createdObject: String?

  /// Whether a report to Swift Testing or XCTest ends the message with the test's last events.
  let endsWithTimeline: Bool

  /// Creates an issue reported at `site`.
  public init(_ message: String, at site: CallSite) {
    self.init(message, at: site, createdObject: nil)
  }

  /// Creates an issue reported where `createdObject` was created.
  init(
    _ message: String, at site: CallSite, createdObject: String? = nil,
    withTimeline: Bool = true
  ) {
    self.message = message
    self.site = site
    self.createdObject = createdObject
    self.endsWithTimeline = withTimeline
  }

  /// The issue moved to `testSite`, the test that checks it, when it points at where a mock was
  /// created in another file (the mock's own declaration, not the test): the message then names
  /// that place.
  func attributed(to testSite: CallSite) -> NapkinIssue {
    guard let createdObject, testSite.line > 0, site.fileID != testSite.fileID else { return self }
    return NapkinIssue(
      "\(message) (\(createdObject) was created at \(site.fileID):\(site.line))", at: testSite)
  }

  /// `fileID:line:column: message`.
  public var description: String { "\(site): \(message)" }
}
