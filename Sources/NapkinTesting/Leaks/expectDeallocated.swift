/// Runs `body`, then checks that the object it returns is deallocated once `body` ended.
///
/// `body` creates and exercises the object and returns it; the helper keeps only a weak
/// reference. If the object is an interactor, its bound tasks first get `timeout` to end (a
/// cancelled task that still runs may be what holds it); work already queued on the main actor
/// runs too. Then the reference must be `nil`: there is no fixed delay.
///
/// Isolation: runs `body` in the caller's isolation.
///
/// - Returns: `true` if the object was deallocated.
///
/// ```swift
/// await expectDeallocated {
///   let sut = PitBoardInteractor(presenter: presenter, pit: pit)
///   await sut.activate()
///   await sut.deactivate()
///   return sut
/// }
/// ```
@discardableResult
public func expectDeallocated<Object: AnyObject & Sendable>(
  timeout: Duration = .napkinDefaultTimeout,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Object
) async rethrows -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  // Owned by the test that started the check, even if the check ends after that test did.
  let owner = IssueOwner(createdAt: site)
  let timeout =
    TimeoutMisuse.isNegative(
      timeout, in: "expectDeallocated(timeout:)",
      consequence: "the check gives bound tasks no time to end",
      report: { owner.report($0, at: site) }) ? .zero : timeout
  weak var weakObject: Object?
  var lifecycle: InteractorLifecycle?
  do {
    let object = try await body()
    weakObject = object
    lifecycle = (object as? any Interactable)?.lifecycle
  }
  await BoundTasks.finishBeforeLeakCheck(lifecycle.map { [$0] } ?? [], timeout: timeout)
  guard let survivor = weakObject else { return true }
  owner.report(
    "\(type(of: survivor)) was not deallocated after the scope that created it ended; something "
      + "still holds it (a retain cycle, a running task, or a strong reference kept by the test).",
    at: site)
  return false
}
