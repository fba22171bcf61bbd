import Foundation
import NapkinTesting
import Testing

/// The "nothing is lost" matrix: each kind of toolkit failure, arising in each place of a test,
/// under each framework, fails the test it belongs to, or, where no test can own it, fails the
/// run naming where the object was created.
///
/// The probes run in child processes, one per framework family (all Swift Testing probes in one,
/// all XCTest and `NapkinTestCase` probes in another); each cell is checked in their output.
/// Serialized: the first cell of a family starts its child process and the others reuse its run.
@Suite(.serialized) struct NothingLostMatrixTests {
  @Test(arguments: MatrixCell.all) func cell(_ cell: MatrixCell) async throws {
    let run = try await MatrixRuns.run(for: cell.framework)
    let runFailed = run.status != 0
    #expect(runFailed)
    let site = try #require(run.creationSite(of: cell), "the probe did not run")
    switch cell.expectation {
    case .failsItsTest:
      let reported = run.issues(of: cell).contains { issue in
        cell.kind.messages.contains { issue.contains($0) }
      }
      // A late issue on an ended Swift Testing test does not print "failed"; the run fails.
      let testFailed =
        run.failed(cell) || (cell.place == .afterEnd && cell.framework == .swiftTesting)
      let excerpt = run.excerpt(about: cell, site)
      #expect(
        reported && testFailed,
        "\(cell.testName) did not fail with a \(cell.kind) failure; the output about it:\n\(excerpt)"
      )
    case .failsTheRun:
      let named = run.unownedNotes(naming: site).contains { note in
        cell.kind.messages.contains { note.contains($0) }
      }
      let excerpt = run.excerpt(about: cell, site)
      #expect(
        named, "no note of an issue no test owns names \(site); the output about it:\n\(excerpt)")
    case .blamesNoTest:
      let blamed = run.issues(of: cell).contains { issue in
        cell.kind.messages.contains { issue.contains($0) }
      }
      let excerpt = run.excerpt(about: cell, site)
      #expect(
        !blamed && !run.failed(cell),
        "\(cell.testName) was blamed for a failure of no test's; the output about it:\n\(excerpt)")
    }
  }

  @Test(arguments: MatrixFramework.allCases)
  func workLeftRunning_failsNoLaterTest(_ framework: MatrixFramework) async throws {
    let run = try await MatrixRuns.run(for: framework)
    let passed =
      switch framework {
      case .swiftTesting: "Test zz_runLeftovers() passed"
      case .xcTest: "Test Case 'NothingLostMatrixXCTestProbes.test_zz_runLeftovers' passed"
      case .napkinTestCase:
        "Test Case 'NothingLostMatrixNapkinTestCaseProbes.test_zz_runLeftovers' passed"
      }
    let laterTestPassed = run.output.contains(passed)
    #expect(laterTestPassed, "the output about it:\n\(run.excerpt(containing: "zz_runLeftovers"))")
  }

  // MARK: Other misuses, on the test's task, a child task and a `Task {}`

  @Test(arguments: [MatrixPlace.test, .childTask, .task])
  func failNextZeroAndWaitUntilHeldZero_failTheTest(_ place: MatrixPlace) async {
    await withKnownIssue {
      await Self.run(in: place) {
        let service = MockLibraryService()
        service.failNext(0, of: .fetchRecentlyPlayed)
        await service.waitUntilHeld(.fetchRecentlyPlayed, count: 0)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("count must be at least 1") }
    }
  }

  @Test(arguments: [MatrixPlace.test, .childTask, .task])
  func clockWaitTimeoutAndMisuse_failTheTest(_ place: MatrixPlace) async {
    await withKnownIssue {
      await Self.run(in: place) {
        let clock = MockClock("MatrixClock")
        // Must time out: nothing ever sleeps on this clock.
        await clock.waitForSleepers(count: 1, timeout: .milliseconds(1))
        await clock.advance(by: .seconds(-1))
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("on MatrixClock timed out")
          || $0.rawValue.contains("must not be negative")
      }
    }
  }

  @Test @MainActor func duplicateAttachOnAMockRouter_failsTheTest() async {
    let parent = PlainMockRouter()
    let child = PlainMockRouter()
    await parent.attachChild(child)
    await withKnownIssue {
      await parent.attachChild(child)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("is already attached") }
    }
    await parent.detachChild(child)
  }

  private static func run(
    in place: MatrixPlace, _ body: @escaping @Sendable () async -> Void
  ) async {
    switch place {
    case .childTask:
      async let done: Void = body()
      await done
    case .task:
      await Task { await body() }.value
    case .test, .detached, .afterEnd:
      await body()
    }
  }
}

/// One cell of the matrix.
struct MatrixCell: Sendable, CustomTestStringConvertible {
  /// Where a cell's failure must be reported.
  enum Expectation {
    /// On the test the failure belongs to.
    case failsItsTest
    /// No test can own it: the run fails, naming where the object was created.
    case failsTheRun
    /// It belongs to no test and needs a test's end checks to be found, so nothing reports it:
    /// what matters is that no test is blamed for it.
    case blamesNoTest
  }

  let kind: MatrixKind
  let place: MatrixPlace
  let framework: MatrixFramework

  /// Every cell that has a meaning: a strict check or a held call reads what the test did before
  /// its checks ended, so a call recorded or held after the test ended belongs to no check.
  static let all: [MatrixCell] = MatrixFramework.allCases.flatMap { framework in
    MatrixKind.allCases.flatMap { kind in
      MatrixPlace.allCases.compactMap { place in
        place == .afterEnd && (kind == .strict || kind == .heldAtEnd)
          ? nil : MatrixCell(kind: kind, place: place, framework: framework)
      }
    }
  }

  var expectation: Expectation {
    switch place {
    // A plain Swift Testing test cannot tell it ended: its leftover work reports on it, late,
    // and the run fails. After checks ended, or in XCTest, nothing owns it.
    case .afterEnd:
      framework == .swiftTesting && kind != .leakAtEnd ? .failsItsTest : .failsTheRun
    // Objects created on a detached task belong to the only checked test running in XCTest,
    // which runs one test at a time: its end checks cover them. In Swift Testing plain tests run
    // beside a checked one and any of them may have detached the task, so such objects belong to
    // no test: a failure they find fails the run, and what only end checks find blames no test.
    case .detached:
      if framework != .swiftTesting {
        .failsItsTest
      } else if [.heldAtEnd, .strict].contains(kind) {
        .blamesNoTest
      } else {
        .failsTheRun
      }
    case .test, .childTask, .task: .failsItsTest
    }
  }

  /// The name the framework prints for the cell's probe.
  var testName: String {
    switch framework {
    case .swiftTesting: "\(kind.rawValue)_\(place.rawValue)()"
    case .xcTest: "NothingLostMatrixXCTestProbes.test_\(kind.rawValue)_\(place.rawValue)"
    case .napkinTestCase:
      "NothingLostMatrixNapkinTestCaseProbes.test_\(kind.rawValue)_\(place.rawValue)"
    }
  }

  var testDescription: String {
    "\(kind.rawValue) × \(place.rawValue) × \(framework.rawValue)"
  }
}

/// The probes' child runs, started once each.
enum MatrixRuns {
  private static let swiftTesting = Task.detached {
    try await ProbeRun.swiftTestingSuite("NothingLostMatrixProbes")
  }
  private static let xcTest = Task.detached {
    try await ProbeRun.xcTest([
      "NothingLostMatrixNapkinTestCaseProbes", "NothingLostMatrixXCTestProbes",
    ])
  }

  static func run(for framework: MatrixFramework) async throws -> ProbeRun {
    switch framework {
    case .swiftTesting: try await swiftTesting.value
    case .xcTest, .napkinTestCase: try await xcTest.value
    }
  }
}

extension ProbeRun {
  private var lines: [Substring] { output.split(separator: "\n") }

  /// Where the cell's probe created its objects, as failure messages name it up to the column.
  fileprivate func creationSite(of cell: MatrixCell) -> String? {
    let marker = MatrixProbe.marker(cell.framework, cell.kind, cell.place)
    guard let line = lines.first(where: { $0.hasPrefix(marker) }) else { return nil }
    return String(line.dropFirst(marker.count))
  }

  /// The failures the cell's probe test recorded, each with its message.
  fileprivate func issues(of cell: MatrixCell) -> [String] {
    let lines = lines
    switch cell.framework {
    case .swiftTesting:
      // "Test name() recorded an issue at File.swift:1:2: Issue recorded", then the message.
      return lines.indices.compactMap { index in
        guard lines[index].contains("Test \(cell.testName) recorded an issue") else { return nil }
        return lines[index...].prefix(3).joined(separator: "\n")
      }
    case .xcTest, .napkinTestCase:
      // "/path/File.swift:1: error: Class.test_name : failed - message"
      return lines.filter { $0.contains("error: \(cell.testName) : ") }.map(String.init)
    }
  }

  /// Whether the cell's probe test failed.
  fileprivate func failed(_ cell: MatrixCell) -> Bool {
    switch cell.framework {
    case .swiftTesting: output.contains("Test \(cell.testName) failed")
    case .xcTest, .napkinTestCase: output.contains("Test Case '\(cell.testName)' failed")
    }
  }

  /// The notes of issues no test owns that name `site`.
  fileprivate func unownedNotes(naming site: String) -> [String] {
    lines.filter { $0.contains("no test owns this issue") && $0.contains(site) }.map(String.init)
  }

  /// The lines that contain `text`, to show when a check fails.
  fileprivate func excerpt(containing text: String) -> String {
    lines.filter { $0.contains(text) }.prefix(12).joined(separator: "\n")
  }

  /// The lines about the cell, to show when it does not behave.
  fileprivate func excerpt(about cell: MatrixCell, _ site: String) -> String {
    let name = cell.testName.replacingOccurrences(of: "()", with: "")
    return lines.filter { $0.contains(name) || $0.contains(site) }.prefix(12)
      .joined(separator: "\n")
  }
}
