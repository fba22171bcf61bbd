/// Checks that `recorder` received exactly `expected`, in any order: the same calls, each as
/// many times.
///
/// For calls made by independent tasks, whose order is not part of the behaviour. On failure it
/// reports what is missing and what is extra. Reading counts as asserting every call recorded up
/// to then, as `==` does.
///
/// Isolation: callable from any isolation.
///
/// - Returns: Whether the calls match.
///
/// ```swift
/// expectInAnyOrder(library.calls, [.fetchPage(1), .fetchPage(2), .fetchArtists])
/// ```
@discardableResult
public func expectInAnyOrder<Call: Equatable & Sendable>(
  _ recorder: CallRecorder<Call>, _ expected: [Call], fileID: String = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
  var extra = recorder.all
  var missing: [Call] = []
  for call in expected {
    if let index = extra.firstIndex(of: call) {
      extra.remove(at: index)
    } else {
      missing.append(call)
    }
  }
  guard !missing.isEmpty || !extra.isEmpty else { return true }
  recorder.owner.report(
    "\(recorder.label) did not receive the expected calls in any order: "
      + "missing [\(Listing.items(missing))]; extra [\(Listing.items(extra))].",
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return false
}
