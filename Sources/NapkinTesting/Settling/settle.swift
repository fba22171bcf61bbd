public import napkin

/// Suspends until `interactor` is done reacting: every task bound to it has finished or is parked
/// where only the test can resume it.
///
/// A recorded call is not finished work: when a presenter call is recorded, the interactor's
/// bound task may still be running the code after it (a `defer`, a state change, the next
/// request). Settle before acting on the interactor again, so the next action cannot race it.
///
/// A bound task counts as parked while it waits on a held ``MockServiceCore`` call, on a
/// ``MockStream`` for its next element, or on anything else NapkinTesting resumes only when the
/// test says so. So settling works for one-shot work (a page load finishes) and long-lived work (a
/// subscription loop parks on its stream) alike. Settling is event-driven: the bound task that
/// finishes or parks last resumes the test; nothing polls or yields.
///
/// If the interactor is still busy after `timeout`, reports a failure at the caller's line that
/// names each unfinished bound task by the `task {}` call that started it and says whether it is
/// parked or busy, then returns `false`.
///
/// Settling sees a bound task's structured children (`async let`, task groups, at any depth): a
/// task that only awaits children parked at NapkinTesting points counts as parked. Work that is
/// not bound to the interactor (a plain `Task {}`, a `Task.detached`) is invisible to settling:
/// keep asynchronous work in `task {}`. A task of a settled tree that turns out to have been
/// waiting on something NapkinTesting does not control (a real service, a plain continuation) is
/// reported at this line once that something resumes it.
///
/// Isolation: callable from any isolation.
///
/// ```swift
/// await sut.loadMore()
/// await presenter.calls.waitForCall(.presentTracks(page2, hasMore: false))
/// await settle(sut)          // the load's `defer { isLoading = false }` has run
/// await sut.retry()
/// ```
///
/// - Parameters:
///   - interactor: The interactor whose bound work must settle.
///   - timeout: How long to wait before failing; not negative.
///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
///   - line: The caller's line, where a failure is reported; keep the default.
///   - column: The caller's column, where a failure is reported; keep the default.
/// - Returns: `true` once settled; `false` after reporting a timeout or a misuse.
@discardableResult
public func settle(
  _ interactor: any Interactable, timeout: Duration = .napkinDefaultTimeout,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) async -> Bool {
  let lifecycle = interactor.lifecycle
  SettleAudit.flush([lifecycle])
  // Already idle (the common case): no deadline to compute, nothing to schedule; with nothing
  // bound, nothing to vouch for either.
  if timeout >= .zero, lifecycle.idleness.isIdle {
    SettleAudit.vouch(
      for: [lifecycle], by: .interactor(type(of: interactor)), fileID: fileID, filePath: filePath,
      line: line, column: column)
    return true
  }
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let name = "\(type(of: interactor))"
  let call = "settle(\(name))"
  guard let deadline = Settling.deadline(after: timeout, call: call, at: site) else { return false }
  let settled = await lifecycle.waitUntilIdle(until: deadline)
  if settled {
    SettleAudit.vouch(
      for: [lifecycle], by: .interactor(type(of: interactor)), fileID: fileID, filePath: filePath,
      line: line, column: column)
  } else {
    Settling.reportBusy(
      call: call, timeout: timeout, [(interactor: interactor, path: name)], at: site)
  }
  return settled
}

/// Suspends until the router tree rooted at `router` is done reacting: every task bound to the
/// interactor of `router` or of any router attached below it has finished or is parked where only
/// the test can resume it.
///
/// Routers attached while settling are included: if the bound work of a logged-in napkin
/// attaches children whose interactors start work of their own, settling waits for that work
/// too. So an integration test can act, settle the tree, then assert the router's `children` with no
/// polling. The tree counts as settled when two consecutive readings of it find the same routers,
/// nothing busy, and nothing bound or resumed in between.
///
/// On timeout, reports a failure at the caller's line listing each unfinished bound task by the
/// router it belongs to and the `task {}` call that started it, then returns `false`.
///
/// Isolation: `@MainActor`, like the routers it reads.
///
/// ```swift
/// await auth.users.send(User(name: "Smokey Joe"))
/// await settle(launchRouter)
/// #expect(launchRouter.children.map { type(of: $0) } == [LoggedInRouter.self])
/// ```
///
/// - Parameters:
///   - router: The root of the tree to settle.
///   - timeout: How long to wait before failing; not negative.
///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
///   - line: The caller's line, where a failure is reported; keep the default.
///   - column: The caller's column, where a failure is reported; keep the default.
/// - Returns: `true` once settled; `false` after reporting a timeout or a misuse.
@MainActor @discardableResult
public func settle(
  _ router: any Routing, timeout: Duration = .napkinDefaultTimeout,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) async -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let call = "settle(\(type(of: router)))"
  guard let deadline = Settling.deadline(after: timeout, call: call, at: site) else { return false }
  var last: [Settling.Reading] = []
  // Readings taken back to back on the main actor, where routers change, so no attach or detach
  // can fall between them.
  let settled = await Settling.untilSettled(
    read: {
      let readings = Settling.interactors(under: router).map(Settling.Reading.init)
      SettleAudit.flush(readings.map(\.lifecycle))
      return (RoutingTreeChanges.count, readings)
    },
    // Wait for a busy interactor of the tree to become idle, or for the tree to change: an
    // interactor detached meanwhile is no longer the tree's, whatever its work still does.
    waitForBusy: { busy, changes in
      await Settling.waitForChange(of: busy, treeChangesSeen: changes, until: deadline)
    }, until: deadline, last: &last)
  if settled {
    SettleAudit.vouch(
      for: last.map(\.lifecycle), by: .router(type(of: router), paths: last.map(\.path)),
      fileID: fileID, filePath: filePath, line: line, column: column)
    return true
  }
  Settling.reportBusy(
    call: call, timeout: timeout, Settling.interactors(under: router), previous: last, at: site)
  return false
}
