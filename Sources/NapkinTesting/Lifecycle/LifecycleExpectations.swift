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
  return await expectIdempotent(
    interactor, transition: "activate()", endsActive: true, site: site,
    perform: { await interactor.activate() }, sideEffects: sideEffects)
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
  return await expectIdempotent(
    interactor, transition: "deactivate()", endsActive: false, site: site,
    perform: { await interactor.deactivate() }, sideEffects: sideEffects)
}

/// Performs `transition` twice, comparing `sideEffects` after each, then checks the end state.
private func expectIdempotent<Measure: Equatable>(
  _ interactor: some Interactable, transition: String, endsActive: Bool, site: CallSite,
  isolation: isolated (any Actor)? = #isolation,
  perform: () async -> Void, sideEffects: () async -> Measure
) async -> Bool {
  await perform()
  let once = await sideEffects()
  await perform()
  let twice = await sideEffects()
  var holds = true
  if once != twice {
    Reporter.report(
      "Calling \(transition) twice on \(type(of: interactor)) changed its side effects: \(once) "
        + "after the first call, \(twice) after the second.", at: site)
    holds = false
  }
  if interactor.lifecycle.isActive != endsActive {
    Reporter.report(
      "\(type(of: interactor)) is \(endsActive ? "not active" : "still active") after "
        + "\(transition).", at: site)
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
  if TimeoutMisuse.isNegative(
    timeout, in: "expectBoundTasksCancelled(\(type(of: interactor)), timeout:)",
    consequence: "nothing was checked", report: { Reporter.report($0, at: site) })
  {
    return false
  }
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
