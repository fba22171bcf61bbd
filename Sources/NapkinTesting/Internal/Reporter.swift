import Testing
import XCTest

/// Sends an issue to the collector, Swift Testing or XCTest.
enum Reporter {
  /// The frameworks an issue can go to.
  enum Destination {
    case collector(IssueCollector)
    case swiftTesting
    case xcTest
  }

  /// Where an issue reported from the current task goes.
  static var currentDestination: Destination {
    if let collector = IssueCollector.current { return .collector(collector) }
    if Test.current != nil { return .swiftTesting }
    return .xcTest
  }

  /// Reports `issue` to `destination`.
  static func report(_ issue: NapkinIssue, to destination: Destination) {
    switch destination {
    case .collector(let collector):
      collector.record(issue)
    case .swiftTesting:
      Issue.record(
        Comment(rawValue: issue.message),
        sourceLocation: SourceLocation(
          fileID: issue.site.fileID, filePath: issue.site.filePath,
          line: Int(issue.site.line), column: Int(issue.site.column)))
    case .xcTest:
      XCTFail(issue.message, file: issue.site.staticFilePath, line: issue.site.line)
    }
  }

  /// Reports `issue` from the current task.
  static func report(_ message: String, at site: CallSite) {
    report(NapkinIssue(message, at: site), to: currentDestination)
  }
}
