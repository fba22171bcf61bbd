import napkin

/// The pieces `settle` shares: validating the timeout, walking a router tree, and the report.
enum Settling {
  /// One lifecycle's idleness at one moment, compared between two readings.
  struct Reading: Equatable {
    let id: ObjectIdentifier
    let isIdle: Bool
    let activity: UInt64
    /// The lifecycle, to wait on it; not compared.
    let lifecycle: InteractorLifecycle
    /// The routers that lead to the lifecycle's interactor, such as `RootRouter > ChildRouter`;
    /// empty outside a router tree. Not compared.
    let path: String

    init(_ lifecycle: InteractorLifecycle, path: String = "") {
      id = ObjectIdentifier(lifecycle)
      self.lifecycle = lifecycle
      self.path = path
      (isIdle, activity) = lifecycle.idleness
    }

    init(_ node: (interactor: any Interactable, path: String)) {
      self.init(node.interactor.lifecycle, path: node.path)
    }

    static func == (lhs: Reading, rhs: Reading) -> Bool {
      lhs.id == rhs.id && lhs.isIdle == rhs.isIdle && lhs.activity == rhs.activity
    }
  }

  /// Settles a set of lifecycles that `read` finds: the one loop of `settle(router)` and of an
  /// exploration's settle.
  ///
  /// Settled when two readings in a row, with `between` run between them, find the same
  /// lifecycles, all idle, with nothing bound or resumed in between; or when one reading finds
  /// them all idle and `isExact` says that reading left nothing queued anywhere it could not
  /// see (the explorer, watching the main actor with no main-actor job pending). While some are busy,
  /// `waitForBusy` waits for a change (it gets the busy ones and the tree changes `read` saw).
  /// Returns `true` once settled, `false` once `deadline` passed; either way `last` holds the
  /// last reading. Runs in the caller's isolation (the main actor for a router tree), so the
  /// readings run there.
  nonisolated(nonsending) static func untilSettled(
    read: () async -> (changes: UInt64, readings: [Reading]),
    between: () async -> Void = {},
    isExact: () -> Bool = { false },
    waitForBusy: ([InteractorLifecycle], UInt64) async -> Void,
    until deadline: ContinuousClock.Instant, last: inout [Reading]
  ) async -> Bool {
    while true {
      let (changes, first) = await read()
      if first.allSatisfy(\.isIdle) {
        if isExact() {
          last = first
          return true
        }
        await between()
        let second = await read().readings
        if first == second {
          last = second
          return true
        }
        // A timeout names what changed since `first`.
        last = first
        guard ContinuousClock.now < deadline else { return false }
        // Work elsewhere changed it between the readings: let it go on, then read again.
        await Task.yield()
        continue
      }
      last = first
      guard ContinuousClock.now < deadline else { return false }
      await waitForBusy(first.filter { !$0.isIdle }.map(\.lifecycle), changes)
    }
  }

  /// Suspends until one of the `busy` lifecycles becomes idle, the router tree changes after
  /// `treeChangesSeen`, or `deadline` passes, whichever comes first.
  static func waitForChange(
    of busy: [InteractorLifecycle], treeChangesSeen: UInt64, until deadline: ContinuousClock.Instant
  ) async {
    await withTaskGroup(of: Void.self) { group in
      for lifecycle in busy {
        group.addTask { _ = await lifecycle.waitUntilIdle(until: deadline) }
      }
      group.addTask { await RoutingTreeChanges.next(after: treeChangesSeen) }
      await group.next()
      group.cancelAll()
    }
  }

  /// The deadline `timeout` from now, or `nil` after reporting a negative timeout.
  static func deadline(
    after timeout: Duration, call: String, at site: CallSite
  ) -> ContinuousClock.Instant? {
    ToolkitObserver.installOnce()
    guard timeout >= .zero else {
      Reporter.report("\(call): the timeout (\(timeout)) must not be negative.", at: site)
      return nil
    }
    // A timeout too large to add is as good as none.
    let now = ContinuousClock.now
    let limit = Duration.seconds(Int64.max / 4)
    return now + min(timeout, limit)
  }

  /// The interactors of `router` and of every router attached below it, parents first, each
  /// with the path of router types that leads to it.
  @MainActor
  static func interactors(under router: any Routing) -> [(
    interactor: any Interactable, path: String
  )] {
    var found: [(interactor: any Interactable, path: String)] = []
    var seen: Set<ObjectIdentifier> = []
    func visit(_ router: any Routing, path: String) {
      // A router attached twice in one tree (a misuse reported elsewhere) is walked once.
      guard seen.insert(ObjectIdentifier(router)).inserted else { return }
      let path = path.isEmpty ? "\(type(of: router))" : "\(path) > \(type(of: router))"
      found.append((router.interactable, path))
      for child in router.children { visit(child, path: path) }
    }
    visit(router, path: "")
    return found
  }

  /// What a task may wait on that settling cannot see: the one list the timeout and the audit
  /// both give.
  static let unseenWaits =
    "a real service, a plain continuation or AsyncStream (even one the test resumes itself: mark "
    + "a fake's wait with WaitingOnTest), a "
    + "sleep on a real clock, an actor with its own executor, a Task {} it started, which is not "
    + "a child, or its interactor's actor while other work keeps it busy"

  /// A busy task's wait that settling cannot see, as a timeout says it.
  static let unseenWait =
    "waits on something the test cannot resume through NapkinTesting (\(unseenWaits))"

  /// Reports that `nodes` did not settle within `timeout`, naming every unfinished bound task and
  /// every interactor in the middle of a transition. When nothing is busy, names what changed
  /// since the `previous` reading of the tree instead.
  static func reportBusy(
    call: String, timeout: Duration, _ nodes: [(interactor: any Interactable, path: String)],
    previous: [Reading] = [], at site: CallSite
  ) {
    var busy: [String] = []
    var parked: [String] = []
    var transitions: [String] = []
    for node in nodes {
      if let note = node.interactor.lifecycle.transitionNote {
        transitions.append("  busy: \(type(of: node.interactor)) (\(node.path)) is \(note)")
      }
      for task in node.interactor.lifecycle.boundTaskDescriptions {
        let (line, settled) = describe(task, at: node.path)
        if settled { parked.append(line) } else { busy.append(line) }
      }
    }
    let cancelled = Task.isCancelled ? " (the settling task was cancelled)" : ""
    var message =
      "\(call) timed out after \(timeout)\(cancelled): \(busy.count) bound "
      + "task\(busy.count == 1 ? " is" : "s are") still busy"
    if !transitions.isEmpty {
      message +=
        ", \(transitions.count) interactor\(transitions.count == 1 ? " is" : "s are") in the "
        + "middle of a transition"
    }
    message += "."
    var changes: [String] = []
    if busy.isEmpty, transitions.isEmpty {
      changes = describeChanges(from: previous, to: nodes)
      message +=
        " The tree kept changing: work was bound or resumed as fast as it settled. Between the "
        + "last two readings:"
    }
    message += ([""] + changes + transitions + busy + parked).joined(separator: "\n")
    Reporter.report(message, at: site)
  }

  /// One bound task as a timeout lists it, and whether it is parked (settled) or busy.
  private static func describe(
    _ task: BoundTaskDescription, at path: String
  ) -> (line: String, settled: Bool) {
    let name = "task {} at \(task.fileID):\(task.line) (\(path))"
    let children = task.childrenParkedOn
    if let reason = task.parkedOn, task.isSettled {
      return ("  parked: \(name), waiting on \(reason)", true)
    } else if let reason = task.parkedOn {
      return (
        "  busy: \(name), parked itself on \(reason), while a child task it started still runs, "
          + "or \(unseenWait)", false
      )
    } else if task.isSettled {
      return (
        "  parked: \(name), awaiting child tasks that all wait: "
          + children.joined(separator: "; "), true
      )
    } else if !children.isEmpty {
      return (
        "  busy: \(name), awaiting child tasks: \(children.count) parked ("
          + children.joined(separator: "; ") + "), while the task or another child still "
          + "runs, or \(unseenWait)", false
      )
    }
    return ("  busy: \(name), running, or \(unseenWait)", false)
  }

  /// What differs between two readings of a tree: routers attached or detached, interactors whose
  /// work was bound or resumed, each with its path and bound tasks' sites.
  static func describeChanges(
    from previous: [Reading], to nodes: [(interactor: any Interactable, path: String)]
  ) -> [String] {
    var lines: [String] = []
    let now = nodes.map(Reading.init)
    let before = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let after = Set(now.map(\.id))
    for (node, reading) in zip(nodes, now) {
      let name = "\(type(of: node.interactor)) (\(reading.path))"
      let sites = node.interactor.lifecycle.boundTaskDescriptions
        .map { "task {} at \($0.fileID):\($0.line)" }
      let work = sites.isEmpty ? "" : "; its bound tasks: " + sites.joined(separator: ", ")
      guard let old = before[reading.id] else {
        lines.append("  attached: \(name)\(work)")
        continue
      }
      if old.activity != reading.activity {
        lines.append(
          "  work bound or resumed: \(name), \(reading.activity &- old.activity) time"
            + "\(reading.activity &- old.activity == 1 ? "" : "s")\(work)")
      }
    }
    for old in previous where !after.contains(old.id) {
      lines.append("  detached: the router at \(old.path)")
    }
    if lines.isEmpty { lines.append("  nothing the settling could see changed") }
    return lines
  }
}
