import Testing
import XCTest

/// Sends an issue to the collector, Swift Testing or XCTest; the one place that decides where.
enum Reporter {
  /// Where an issue can go.
  enum Destination {
    case collector(IssueCollector)
    case swiftTesting
    case xcTest
    /// No test can take it: a Swift Testing process, off every test's task.
    case unowned
  }

  /// Whether this process runs Swift Testing alone, as `swift test` starts it on Linux
  /// (`--testing-library swift-testing`): then no XCTest test can take an issue.
  static let runsSwiftTestingOnly: Bool = {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count
    else { return false }
    return arguments[flag + 1] == "swift-testing"
  }()

  /// Where an issue reported from the current task goes.
  static var currentDestination: Destination {
    if let collector = IssueCollector.current, collector.isOpen { return .collector(collector) }
    if let scope = TestScope.current, scope.isClosed { return .unowned }
    if Test.current != nil { return .swiftTesting }
    return runsSwiftTestingOnly ? .unowned : .xcTest
  }

  /// Reports `issue` to `destination`.
  static func report(_ issue: NapkinIssue, to destination: Destination) {
    switch destination {
    case .collector(let collector):
      collector.record(issue)
    case .swiftTesting:
      Issue.record(
        Comment(rawValue: withTimeline(issue)),
        sourceLocation: SourceLocation(
          fileID: issue.site.fileID, filePath: issue.site.filePath,
          line: Int(issue.site.line), column: Int(issue.site.column)))
    case .xcTest:
      XCTFail(withTimeline(issue), file: issue.site.staticFilePath, line: issue.site.line)
    case .unowned:
      reportUnowned(issue, createdAt: nil)
    }
  }

  /// Reports `issue` from the current task.
  /// The issue's message, ending with the last events of the reporting test's timeline.
  private static func withTimeline(_ issue: NapkinIssue) -> String {
    guard let scope = TestScope.current else { return issue.message }
    scope.countReported()
    guard issue.endsWithTimeline else { return issue.message }
    return issue.message + scope.timeline.tail
  }

  static func report(_ message: String, at site: CallSite) {
    report(NapkinIssue(message, at: site), to: currentDestination)
  }

  /// Fails the run for an issue no test can own (its test ended, or it arose off every test's
  /// task), naming where the object that found it was created.
  ///
  /// Swift Testing records it with no test (the run fails as "Test «unknown» recorded an issue");
  /// XCTest ends the run with a failure once the bundle finishes. Each framework ignores the
  /// other's report, so both get it; the note on standard error says what happened either way.
  static func reportUnowned(_ issue: NapkinIssue, createdAt origin: CallSite?) {
    let created = origin.map { " (by an object created at \($0))" } ?? ""
    let note = "NapkinTesting: no test owns this issue\(created); \(issue)"
    writeToStandardError(note)
    XCTestTracker.shared.keepUnowned(note)
    let unowned = NapkinIssue("No test owns this issue\(created): \(issue.message)", at: issue.site)
    // On a task of an ended test, `Test.current` still names that test: report from no test.
    if Test.current == nil {
      report(unowned, to: .swiftTesting)
    } else {
      Task.detached { report(unowned, to: .swiftTesting) }
    }
  }
}
