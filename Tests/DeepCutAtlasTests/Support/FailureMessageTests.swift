import DeepCutAtlas
import NapkinTesting
import Testing

/// A failure type of the test's own that brings its own message.
private struct QuotaExceeded: DisplayableError {
  var displayMessage: String { "You've reached this month's limit." }
}

@Suite struct FailureMessageTests {
  @Test func libraryError_usesItsDisplayMessage() {
    #expect(FailureMessage.text(for: LibraryError.offline) == "You're offline.")
  }

  @Test func customDisplayableError_usesItsDisplayMessage() {
    #expect(FailureMessage.text(for: QuotaExceeded()) == "You've reached this month's limit.")
  }

  @Test func otherErrors_getTheGenericMessage() {
    #expect(FailureMessage.text(for: SimulatedError()) == FailureMessage.generic)
    #expect(FailureMessage.text(for: CancellationError()) == FailureMessage.generic)
  }

  @Test func loadState_failureMessage_onlyForFailedState() {
    #expect(LoadState.failed("x").failureMessage == "x")
    #expect(LoadState.loaded.failureMessage == nil)
  }
}
