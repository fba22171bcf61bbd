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
  let task: Int?

  init(lifecycle: InteractorLifecycle?, id: UInt64) {
    self.lifecycle = lifecycle
    self.id = id
    self.task = withUnsafeCurrentTask { $0?.hashValue }
  }

  /// Whether the current task is the bound task itself, not a task it started.
  var isCurrentTask: Bool {
    withUnsafeCurrentTask { $0?.hashValue } == task
  }
}
