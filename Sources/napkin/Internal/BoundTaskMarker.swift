/// Tells code running in a bound task which task of which lifecycle it is.
///
/// Bound to the task by ``InteractorLifecycle/register(priority:fileID:line:_:)``. Child tasks
/// inherit it, so it also records the bound task's own identity: only the bound task itself can
/// park it.
struct BoundTaskMarker: Sendable {
  @TaskLocal static var current: BoundTaskMarker?

  weak var lifecycle: InteractorLifecycle?
  let id: UInt64
  /// The identity of the bound task itself, to tell it from the tasks it starts.
  private(set) var task: Int?

  /// A marker for the task `id` of `lifecycle`, before the task runs.
  ///
  /// Made where the task is registered, so the task only copies the weak reference: reading it
  /// once the task runs would hold the lifecycle for a moment, and a lifecycle released in that
  /// moment would cancel its tasks late.
  init(lifecycle: InteractorLifecycle, id: UInt64) {
    self.lifecycle = lifecycle
    self.id = id
    self.task = nil
  }

  /// This marker, for the task that runs it.
  func boundToCurrentTask() -> BoundTaskMarker {
    var marker = self
    marker.task = withUnsafeCurrentTask { $0?.hashValue }
    return marker
  }

  /// Whether the current task is the bound task itself, not a task it started.
  var isCurrentTask: Bool {
    withUnsafeCurrentTask { $0?.hashValue } == task
  }
}
