/// Checks that the current test's ``Timeline`` holds `steps` in this order, other events allowed
/// between them.
///
/// Use it to assert order across mocks: the service call before the presenter update, the
/// listener before the router. On failure it reports which step was not found after the ones
/// before it, with the test's transcript. Call it in a checked test (``Testing/Trait/napkinChecks``,
/// ``withNapkinChecks(strict:timeout:isolation:fileID:filePath:line:column:_:)`` or a
/// ``NapkinTestCase``); elsewhere there is no timeline, which is reported.
///
/// Isolation: callable from any isolation.
///
/// - Returns: Whether the steps were found in order.
///
/// ```swift
/// expectInOrder(auth.calls.event(.login), presenter.calls.event(.presentLoading(false)))
/// ```
@discardableResult
public func expectInOrder(
  _ steps: TimelineStep..., fileID: String = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let timeline = TestScope.required(by: "expectInOrder", at: site)?.timeline else {
    return false
  }
  // Calls a reset discarded are in the transcript but never satisfy a step.
  let events = timeline.events.filter { !$0.isDiscarded }
  var position = events.startIndex
  for (number, step) in steps.enumerated() {
    let found = events[position...].firstIndex {
      $0.recorder == step.recorder && step.matches($0.value)
    }
    guard let found else {
      let earlier = events[..<position].contains {
        $0.recorder == step.recorder && step.matches($0.value)
      }
      let expected = steps.map { "\($0)" }.joined(separator: ", then ")
      Reporter.report(
        NapkinIssue(
          "Out of order: step \(number + 1), \(step), was "
            + (earlier ? "recorded only before the step before it" : "never recorded")
            + ". Expected \(expected). The test's timeline:\n" + timeline.transcript,
          at: site, withTimeline: false),
        to: Reporter.currentDestination)
      return false
    }
    position = events.index(after: found)
  }
  for step in steps { step.markAsserted() }
  return true
}
