/// A bound task suspended where only a test can resume it, such as a held mock call.
///
/// Package-only. A test double that suspends its caller calls ``parkCurrent(on:)`` just before
/// suspending and ``unpark()`` in the same step that resumes it, so a lifecycle knows when its
/// work is done reacting (every bound task finished or parked) without polling.
///
/// Isolation: `Sendable` value.
package struct ParkedBoundTask: Sendable {
  /// The record of the parked task's lifecycle, so a test double can wait for it to settle once
  /// resumed.
  package private(set) weak var lifecycle: ObservedLifecycle?
  private let id: UInt64
  private let token: UInt64
  /// Whether a structured child of the bound task parked, not the bound task itself.
  private let isChild: Bool

  /// Parks the current task if it is a bound task or a structured child of one (`async let`, a
  /// task group, at any depth); `nil` for any other task, such as a `Task {}` a bound task
  /// started.
  ///
  /// - Parameter reason: What the task waits on, such as `"held call login on MockAuth"`.
  package static func parkCurrent(on reason: @autoclosure () -> String) -> ParkedBoundTask? {
    guard let marker = BoundTaskMarker.current, let lifecycle = marker.record else {
      return nil
    }
    if marker.isCurrentTask {
      guard let token = lifecycle.park(id: marker.id, on: reason()) else { return nil }
      return ParkedBoundTask(lifecycle: lifecycle, id: marker.id, token: token, isChild: false)
    }
    guard let token = lifecycle.parkChild(of: marker.id, on: reason()) else { return nil }
    return ParkedBoundTask(lifecycle: lifecycle, id: marker.id, token: token, isChild: true)
  }

  /// Whether ``parkCurrent(on:)`` would park the current task: a bound task or a structured
  /// child of one.
  package static var canParkCurrent: Bool {
    guard let marker = BoundTaskMarker.current, let lifecycle = marker.record else { return false }
    return marker.isCurrentTask || lifecycle.canParkChild(of: marker.id)
  }

  /// Whether the current task is a bound task or a task it started (a child task, a `Task {}`
  /// that inherited its task-locals).
  package static var isInsideBoundTask: Bool {
    BoundTaskMarker.current?.record != nil
  }

  /// How a diagnostic names the parked task: "the action `tap`", "the task {} at Feed.swift:12";
  /// `nil` once its lifecycle is gone.
  package var callerName: String? { lifecycle?.name(of: id) }

  /// How a diagnostic names the current task when it cannot be parked: work settling cannot see.
  package static var unseenCaller: String {
    guard let marker = BoundTaskMarker.current, let record = marker.record,
      let name = record.name(of: marker.id)
    else {
      return "a task settling cannot see (a `Task {}` started outside any bound task, a "
        + "`Task.detached`, or a thread)"
    }
    return "a `Task {}` started inside \(name), which is no child of it, so settling cannot see it"
  }

  private init(lifecycle: ObservedLifecycle, id: UInt64, token: UInt64, isChild: Bool) {
    self.lifecycle = lifecycle
    self.id = id
    self.token = token
    self.isChild = isChild
  }

  /// Marks the task busy again; call it before resuming the task. Later calls do nothing.
  package func unpark() {
    if isChild {
      lifecycle?.unparkChild(of: id, token: token)
    } else {
      lifecycle?.unpark(id: id, token: token)
    }
  }
}
