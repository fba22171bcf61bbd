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
/// The report is found on whatever thread resumed the tree, and goes where an issue of an object
/// made at the settle goes (``IssueOwner``): inside an open issue collector it is recorded at
/// once; an XCTest test still running gets it; a Swift Testing test's is kept (``KeptIssues``),
/// and reported by the next settle of the same interactor (on the test's task), or by the
/// end-of-test check of the scope the settle ran in.
///
/// Isolation: stateless; what it keeps is in ``KeptIssues``.
enum SettleAudit {
  /// Which settle vouches, to name it in a report.
  enum Settler: Sendable {
    /// `settle(_:)` on an interactor of this type.
    case interactor(Any.Type)
    /// `settle(_:)` on a router of this type, whose interactors have these paths.
    case router(Any.Type, paths: [String])
    /// The explorer's settle between two events.
    case explorer

    /// The settle call and the name of the interactor at `index`.
    func describe(_ index: Int) -> (call: String, name: String) {
      switch self {
      case .interactor(let type): ("settle(\(type))", "\(type)")
      case .router(let type, let paths): ("settle(\(type))", paths[index])
      case .explorer: ("The explorer's settle", "an interactor of the scenario")
      }
    }
  }

  /// Vouches for the settled bound tasks of `lifecycles`: reports at the settle's line if one is
  /// resumed by something outside NapkinTesting before the test resumes it.
  ///
  /// A settle repeated at one line in one test reuses the report it made the first time, so
  /// vouching then costs two task-local reads and a lock per lifecycle with bound tasks.
  static func vouch(
    for lifecycles: [InteractorLifecycle], by settler: Settler, fileID: String,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    vouch(for: lifecycles, by: settler, fileID: fileID, line: line, column: column) {
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Vouches as ``vouch(for:by:fileID:filePath:line:column:)`` does, for a settle at `site`.
  static func vouch(for lifecycles: [InteractorLifecycle], by settler: Settler, at site: CallSite) {
    vouch(for: lifecycles, by: settler, fileID: site.fileID, line: site.line, column: site.column) {
      site
    }
  }

  private static func vouch(
    for lifecycles: [InteractorLifecycle], by settler: Settler, fileID: String, line: UInt,
    column: UInt, makeSite: () -> CallSite
  ) {
    // Where the settle ran, read once and only if some lifecycle has bound tasks.
    var contexts: (UInt64?, UInt64?)?
    for (index, lifecycle) in lifecycles.enumerated() where lifecycle.boundTaskCount > 0 {
      let taken = contexts ?? (IssueCollector.current?.serial, TestScope.current?.serial)
      contexts = taken
      let key = VouchKey(
        fileID: fileID, line: line, column: column, contexts: taken,
        index: index)
      lifecycle.observed.vouchForSettledTasks(key: key) {
        report(for: lifecycle, at: makeSite()) { settler.describe(index) }
      }
    }
  }

  private static func report(
    for lifecycle: InteractorLifecycle, at site: CallSite,
    describe: @escaping @Sendable () -> (call: String, name: String)
  ) -> @Sendable (BoundTaskDescription) -> Void {
    // Made on the settle's task: it remembers the collector, test and scope the settle ran in.
    let owner = IssueOwner(createdAt: site)
    return { [weak lifecycle] task in
      // The test already ended: nothing it asserted is left to mislead.
      guard let lifecycle, !owner.testEnded else { return }
      let (call, name) = describe()
      owner.report(message(call: call, name: name, task: task), at: site, keptFor: lifecycle)
    }
  }

  /// Reports, from the current task, what was kept for `lifecycles`.
  static func flush(_ lifecycles: [InteractorLifecycle]) {
    guard !KeptIssues.isEmpty else { return }
    for issue in KeptIssues.take(for: lifecycles.map { ObjectIdentifier($0) }) {
      Reporter.report(issue, to: Reporter.currentDestination)
    }
  }

  private static func message(call: String, name: String, task: BoundTaskDescription) -> String {
    let waits = ([task.parkedOn].compactMap { $0 } + task.childrenParkedOn)
    let parked = waits.isEmpty ? "" : " (parked on \(Listing.items(waits)))"
    return
      "\(call) returned, but the tree of task {} at \(task.fileID):\(task.line) (\(name)) was "
      + "not settled: settling found nothing of it able to run\(parked), yet a task of it was "
      + "then resumed by something NapkinTesting does not control, before the test resumed "
      + "anything of it. Settling cannot see such a wait: \(Settling.unseenWaits). Make the task "
      + "wait on a NapkinTesting double (a held call, a MockStream, a MockClock), or mark a wait "
      + "of a fake of your own with WaitingOnTest, so settling sees what it waits on."
  }
}
