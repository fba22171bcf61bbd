import NapkinMutex

/// Failures an `XCTestCase` captured instead of recording them, while capturing is on.
///
/// A test case overrides `recordFailure(withDescription:inFile:atLine:expected:)` to hand each
/// failure to ``capture(_:)`` first. That lets a test prove a NapkinTesting helper really failed
/// the XCTest test (through `XCTFail`) without leaving the failure in the run; Linux has no
/// `XCTExpectFailure`.
final class CapturedFailures: Sendable {
  private struct State {
    var isCapturing = false
    var messages: [String] = []
  }

  private let state = Mutex(State())

  /// Starts capturing.
  func start() {
    state.withLock { $0.isCapturing = true }
  }

  /// Stops capturing and returns what was captured.
  func stop() -> [String] {
    state.withLock { state in
      state.isCapturing = false
      defer { state.messages = [] }
      return state.messages
    }
  }

  /// Keeps `message` and returns `true` while capturing; returns `false` otherwise.
  func capture(_ message: String) -> Bool {
    state.withLock { state in
      guard state.isCapturing else { return false }
      state.messages.append(message)
      return true
    }
  }
}
