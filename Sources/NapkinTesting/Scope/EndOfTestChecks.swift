import napkin

/// An object the test expects to be deallocated by its end (`expectDeallocatedAtEnd`).
struct DeallocationCheck: Sendable {
  private weak var object: (any AnyObject & Sendable)?
  private let description: String
  private let site: CallSite

  init(_ object: any AnyObject & Sendable, site: CallSite) {
    self.object = object
    description = "\(type(of: object))"
    self.site = site
  }

  /// The lifecycle whose bound tasks may still hold the object, if it is an interactor.
  var lifecycle: InteractorLifecycle? { (object as? any Interactable)?.lifecycle }

  /// The failure if the object is still alive.
  var issue: NapkinIssue? {
    guard object != nil else { return nil }
    return NapkinIssue(
      "\(description) was not deallocated by the end of the test; something still holds it (a "
        + "retain cycle, a running task, or the test itself).", at: site)
  }
}

/// An interactor whose bound tasks must all have ended by the end of the test.
struct BoundTaskCheck: Sendable {
  private weak var interactor: (any Interactable)?
  private let description: String
  private let site: CallSite

  init(_ interactor: any Interactable, site: CallSite) {
    self.interactor = interactor
    description = "\(type(of: interactor))"
    self.site = site
  }

  /// Waits up to `timeout` for the bound tasks to end; the failure if some still run.
  func run(timeout: Duration) async -> NapkinIssue? {
    guard let lifecycle = interactor?.lifecycle else { return nil }
    let running = await BoundTasks.waitForFinish(of: lifecycle, timeout: timeout)
    guard running > 0 else { return nil }
    return NapkinIssue(
      "\(description) still has \(running) bound task\(running == 1 ? "" : "s") running at the "
        + "end of the test (active: \(lifecycle.isActive)); deactivate it, or make its tasks end "
        + "when cancelled.", at: site)
  }
}

/// The lifecycle-bound tasks napkin dropped because their interactor was inactive.
enum DroppedTasksCheck {
  /// The failure if `count` tasks were dropped, at the test's `site`.
  static func issue(count: Int, at site: CallSite) -> NapkinIssue? {
    guard count > 0 else { return nil }
    let one = count == 1
    return NapkinIssue(
      "\(count) lifecycle-bound task\(one ? " was" : "s were") started with task {} while the "
        + "interactor was inactive, so \(one ? "it" : "they") never ran. Drive the interactor "
        + "with activate() (not by calling didBecomeActive() directly) before exercising work "
        + "bound to it.", at: site)
  }
}
