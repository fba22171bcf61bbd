import NapkinMutex
import XCTest

/// Follows which XCTest test case runs, so an issue found after its test ended is not blamed on
/// the next one, and fails the run at the end of the bundle for issues no test could own.
///
/// XCTest runs one test case at a time, so one process-wide observer is exact there; Swift
/// Testing never reaches it (its parallel tests are told apart through task-locals instead).
final class XCTestTracker: NSObject, XCTestObservation, Sendable {
  private struct State {
    /// Changes whenever a test case starts or finishes.
    var generation: UInt64 = 1
    var unowned: [String] = []
  }

  static let shared: XCTestTracker = {
    let tracker = XCTestTracker()
    XCTestObservationCenter.shared.addTestObserver(tracker)
    return tracker
  }()

  private let state = Mutex(State())

  /// The current test case's generation; compare it later to learn whether that test ended.
  var generation: UInt64 { state.withLock { $0.generation } }

  func testCaseWillStart(_ testCase: XCTestCase) {
    state.withLock { $0.generation &+= 1 }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    state.withLock { $0.generation &+= 1 }
  }

  /// Keeps a note of an issue no test could own, to fail the run when the bundle finishes.
  func keepUnowned(_ note: String) {
    state.withLock { $0.unowned.append(note) }
  }

  func testBundleDidFinish(_ testBundle: Bundle) {
    let unowned = state.withLock { $0.unowned }
    guard !unowned.isEmpty else { return }
    writeToStandardError(
      "NapkinTesting: \(unowned.count) issue\(unowned.count == 1 ? "" : "s") found after "
        + "\(unowned.count == 1 ? "its" : "their") test ended; failing the run:\n"
        + unowned.joined(separator: "\n"))
    exit(1)
  }
}
