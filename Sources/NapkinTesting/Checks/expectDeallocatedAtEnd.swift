/// Registers `object` to be checked for deallocation when the enclosing test's checks run.
///
/// Call it inside ``withNapkinChecks(strict:timeout:isolation:fileID:filePath:line:column:_:)`` or
/// a test with the ``NapkinChecksTrait``; outside one it reports a misuse. An interactor's bound
/// tasks get the checks' timeout to end before the check.
///
/// Isolation: callable from any isolation.
///
/// ```swift
/// @Test(.napkinChecks) func detach_releasesInteractor() async {
///   let router = LoggedInBuilder(dependency: deps).build(user: .sample)
///   expectDeallocatedAtEnd(router.interactable)
/// }
/// ```
public func expectDeallocatedAtEnd(
  _ object: any AnyObject & Sendable,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let call = "expectDeallocatedAtEnd(\(type(of: object)))"
  TestScope.required(by: call, at: site)?.expectReleased(object, site: site)
}

/// Registers `object` to be checked for deallocation when the enclosing test's checks run.
@available(*, deprecated, renamed: "expectDeallocatedAtEnd(_:fileID:filePath:line:column:)")
public func expectReleasedAtEnd(
  _ object: any AnyObject & Sendable,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  expectDeallocatedAtEnd(object, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Registers `interactor` to be checked, when the enclosing test's checks run, for bound tasks
/// still running.
///
/// Call it inside ``withNapkinChecks(strict:timeout:isolation:fileID:filePath:line:column:_:)`` or
/// a test with the ``NapkinChecksTrait``; outside one it reports a misuse. The interactor is held
/// weakly.
///
/// Isolation: callable from any isolation.
///
/// ```swift
/// @Test(.napkinChecks) func deactivate_stopsBoardUpdates() async {
///   expectNoBoundTasksAtEnd(sut)
///   await sut.activate()
///   await sut.deactivate()
/// }
/// ```
public func expectNoBoundTasksAtEnd(
  _ interactor: any Interactable,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let call = "expectNoBoundTasksAtEnd(\(type(of: interactor)))"
  TestScope.required(by: call, at: site)?.expectNoBoundTasks(interactor, site: site)
}
