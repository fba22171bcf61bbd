/// Activates `interactor` twice and reports a failure if the second activation changed anything.
///
/// `sideEffects` measures what `didBecomeActive()` does (a router's call count, a presenter's
/// calls); it is read after each activation and the two readings must be equal. The interactor
/// must also be active afterwards.
///
/// Isolation: callable from any isolation; `sideEffects` runs in the caller's isolation.
///
/// - Returns: `true` if the invariant held.
///
/// ```swift
/// await expectActivateIsIdempotent(sut) { await router.calls.count }
/// ```
@discardableResult
public func expectActivateIsIdempotent<Measure: Equatable>(
  _ interactor: some Interactable,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  sideEffects: () async -> Measure
) async -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  await interactor.activate()
  let once = await sideEffects()
  await interactor.activate()
  let twice = await sideEffects()
  var holds = true
  if once != twice {
    Reporter.report(
      "Activating \(type(of: interactor)) twice changed its side effects: \(once) after the "
        + "first activate(), \(twice) after the second.", at: site)
    holds = false
  }
  if !interactor.lifecycle.isActive {
    Reporter.report("\(type(of: interactor)) is not active after activate().", at: site)
    holds = false
  }
  return holds
}

/// Deactivates an active `interactor` twice and reports a failure if the second deactivation
/// changed anything.
///
/// `sideEffects` measures what `willResignActive()` does; it is read after each deactivation and
/// the two readings must be equal. The interactor must be active before (a misuse is reported
/// otherwise) and inactive afterwards.
///
/// Isolation: callable from any isolation; `sideEffects` runs in the caller's isolation.
///
/// - Returns: `true` if the invariant held.
///
/// ```swift
/// await sut.activate()
/// await expectDeactivateIsIdempotent(sut) { await router.calls.count }
/// ```
@discardableResult
public func expectDeactivateIsIdempotent<Measure: Equatable>(
  _ interactor: some Interactable,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  sideEffects: () async -> Measure
) async -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  guard interactor.lifecycle.isActive else {
    Reporter.report(
      "expectDeactivateIsIdempotent: \(type(of: interactor)) is not active, so deactivating it "
        + "proves nothing; activate it first.", at: site)
    return false
  }
  await interactor.deactivate()
  let once = await sideEffects()
  await interactor.deactivate()
  let twice = await sideEffects()
  var holds = true
  if once != twice {
    Reporter.report(
      "Deactivating \(type(of: interactor)) twice changed its side effects: \(once) after the "
        + "first deactivate(), \(twice) after the second.", at: site)
    holds = false
  }
  if interactor.lifecycle.isActive {
    Reporter.report("\(type(of: interactor)) is still active after deactivate().", at: site)
    holds = false
  }
  return holds
}

/// Checks that a deactivated `interactor`'s bound tasks were cancelled and have ended.
///
/// Reports a failure if the interactor is still active, or if a bound task is still running
/// after `timeout` (it ignores cancellation). Returns as soon as every task ended.
///
/// Isolation: callable from any isolation.
///
/// - Returns: `true` if the interactor is inactive and no bound task runs.
///
/// ```swift
/// await sut.deactivate()
/// await expectBoundTasksCancelled(sut)
/// ```
@discardableResult
public func expectBoundTasksCancelled(
  _ interactor: some Interactable, timeout: Duration = .napkinDefaultTimeout,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) async -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let lifecycle = interactor.lifecycle
  if lifecycle.isActive {
    Reporter.report(
      "\(type(of: interactor)) is still active, so its bound tasks were not cancelled; "
        + "deactivate() it first.", at: site)
    return false
  }
  let running = await BoundTasks.waitForFinish(of: lifecycle, timeout: timeout)
  guard running > 0 else { return true }
  Reporter.report(
    "\(type(of: interactor)) still has \(running) bound task\(running == 1 ? "" : "s") running "
      + "\(timeout) after deactivation; a bound task must end when cancelled.", at: site)
  return false
}
