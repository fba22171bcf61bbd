import Testing

extension TestScope {
  /// Attaches the timeline to the test when the toolkit failed it: a Swift Testing attachment,
  /// or the transcript on standard error beside an XCTest log.
  func attachTimelineIfFailed(reportedNow: Int, to destination: Reporter.Destination) {
    guard reportedNow > 0 || hasReported else { return }
    let transcript = timeline.transcript
    guard !transcript.isEmpty else { return }
    switch destination {
    case .swiftTesting:
      Attachment.record(transcript, named: "napkin-timeline.txt")
    case .xcTest:
      writeToStandardError("NapkinTesting: the failed test's timeline:\n\(transcript)")
    case .collector, .unowned:
      break
    }
  }
}
