import NapkinMutex
import napkin

/// Catches a settle that returned while a task of a settled tree was waiting on something
/// NapkinTesting cannot see, once that something resumes it.
///
/// A tree whose bound task or children are parked at NapkinTesting points, with nothing of it able
/// to run, counts as settled. A task of it may still wait on a real service or a plain
/// continuation: to the executor it looks the same as a parked one. So every settle that returns
/// `true` vouches for the trees it found settled; if one of them is resumed before the test
/// resumes anything of it, the settle was wrong, and it is reported at the settle's line.
///
/// The report is found on whatever thread resumed the tree. It goes to the test that settled
/// through an ``IssueOwner`` made at the settle; kept there when that thread cannot reach the
/// test, and reported by the next settle of the same interactor, or by the end-of-test check.
///
/// Isolation: `Sendable`; its state is behind a lock.
enum SettleAudit {
  /// Issues kept for a lifecycle until a settle of it runs on the test's task.
  private struct Kept {
    weak var lifecycle: InteractorLifecycle?
    let owner: IssueOwner
  }

  private static let kept = Mutex<[Kept]>([])
  /// Whether `kept` holds anything; written under its lock, read without it.
  private static let hasKept = Atomic<Bool>(false)

  /// Vouches for the settled bound tasks of `interactors`: reports at `site` if one is resumed by
  /// something outside NapkinTesting before the test resumes it.
  ///
  /// - Parameters:
  ///   - interactors: Each lifecycle a settle found settled, with the name its report uses.
  ///   - call: The settle, such as `settle(LoginInteractor)`.
  static func vouch(
    for interactors: [(lifecycle: InteractorLifecycle, name: String)], call: String,
    at site: CallSite
  ) {
    // Nothing bound, nothing to vouch for: the common idle case stays one locked read each.
    let bound = interactors.filter { $0.lifecycle.boundTaskCount > 0 }
    guard !bound.isEmpty else { return }
    let owner = IssueOwner(createdAt: site)
    for (lifecycle, name) in bound {
      lifecycle.vouchForSettledTasks { [weak lifecycle] task in
        owner.report(message(call: call, name: name, task: task), at: site)
        guard owner.hasPending.load(ordering: .acquiring), let lifecycle else { return }
        kept.withLock {
          $0.append(Kept(lifecycle: lifecycle, owner: owner))
          hasKept.store(true, ordering: .releasing)
        }
      }
    }
  }

  /// Reports what was kept for `lifecycles` from the current task, and lets go of what was kept
  /// for lifecycles that are gone (their owners report it as they are released).
  static func flush(_ lifecycles: [InteractorLifecycle]) {
    guard hasKept.load(ordering: .acquiring) else { return }
    let owners = kept.withLock { kept -> [IssueOwner] in
      var mine: [IssueOwner] = []
      kept.removeAll { entry in
        guard let lifecycle = entry.lifecycle else { return true }
        guard lifecycles.contains(where: { $0 === lifecycle }) else { return false }
        mine.append(entry.owner)
        return true
      }
      hasKept.store(!kept.isEmpty, ordering: .releasing)
      return mine
    }
    for owner in owners { owner.reportKept() }
  }

  private static func message(call: String, name: String, task: BoundTaskDescription) -> String {
    let waits = ([task.parkedOn].compactMap { $0 } + task.childrenParkedOn)
    let parked = waits.isEmpty ? "" : " (parked on \(Listing.items(waits)))"
    return
      "\(call) returned, but the tree of task {} at \(task.fileID):\(task.line) (\(name)) was "
      + "not settled: settling found nothing of it able to run\(parked), yet a task of it was "
      + "then resumed by something NapkinTesting does not control, before the test resumed "
      + "anything of it. "
      + "Settling cannot see such a wait: a real service, a plain continuation or AsyncStream "
      + "(even one the test resumes itself), a real clock's sleep, an actor with its own "
      + "executor. Make the task wait on a NapkinTesting double (a held call, a MockStream, a "
      + "MockClock), so settling sees what it waits on."
  }
}
