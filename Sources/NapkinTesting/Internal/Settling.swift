import napkin

/// The pieces `settle` shares: validating the timeout, walking a router tree, and the report.
enum Settling {
  /// One interactor's idleness at one moment, compared between two readings of a tree.
  struct Reading: Equatable {
    let interactor: ObjectIdentifier
    let isIdle: Bool
    let activity: UInt64

    init(_ node: (interactor: any Interactable, path: String)) {
      interactor = ObjectIdentifier(node.interactor)
      (isIdle, activity) = node.interactor.lifecycle.idleness
    }
  }

  /// The deadline `timeout` from now, or `nil` after reporting a negative timeout.
  static func deadline(
    after timeout: Duration, call: String, at site: CallSite
  ) -> ContinuousClock.Instant? {
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

  /// Reports that `nodes` did not settle within `timeout`, naming every unfinished bound task.
  static func reportBusy(
    call: String, timeout: Duration, _ nodes: [(interactor: any Interactable, path: String)],
    at site: CallSite
  ) {
    var busy: [String] = []
    var parked: [String] = []
    for node in nodes {
      if let note = node.interactor.lifecycle.transitionNote {
        busy.append("  busy: \(node.path) is \(note)")
      }
      for task in node.interactor.lifecycle.boundTaskDescriptions {
        let name = "task {} at \(task.fileID):\(task.line) (\(node.path))"
        if let reason = task.parkedOn {
          parked.append("  parked: \(name), waiting on \(reason)")
        } else {
          busy.append(
            "  busy: \(name), running or awaiting something the test cannot resume through "
              + "NapkinTesting (a real service, a plain AsyncStream, a sleep on a real clock)")
        }
      }
    }
    let cancelled = Task.isCancelled ? " (the settling task was cancelled)" : ""
    var message =
      "\(call) timed out after \(timeout)\(cancelled): \(busy.count) bound "
      + "task\(busy.count == 1 ? " is" : "s are") still busy."
    if busy.isEmpty {
      message += " The tree kept changing: work was bound or resumed as fast as it settled."
    }
    message += ([""] + busy + parked).joined(separator: "\n")
    Reporter.report(message, at: site)
  }
}
