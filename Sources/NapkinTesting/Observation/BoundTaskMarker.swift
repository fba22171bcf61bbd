/// Tells code running in a bound task which task of which observed lifecycle it is.
///
/// Bound to the task by ``ObservedLifecycle``'s wrapper of its operation. Child tasks inherit it,
/// so it also records the bound task's own identity: only the bound task itself can park it.
struct BoundTaskMarker: Sendable {
  @TaskLocal static var current: BoundTaskMarker?

  /// The record of the task's lifecycle; weak, like everything of a bound task that points back.
  weak var record: ObservedLifecycle?
  let id: UInt64
  /// The identity of the bound task itself, to tell it from the tasks it starts.
  private(set) var task: Int?

  /// A marker for the task `id` of `record`, made where the task is registered, before it runs.
  init(record: ObservedLifecycle, id: UInt64) {
    self.record = record
    self.id = id
    self.task = nil
  }

  /// Runs `operation` with this marker, made for the current task, bound.
  ///
  /// Never inlined: a release build inlined a task-local's storage uninitialized, and the binding
  /// crashed (Swift 6.3.1).
  @inline(never)
  func bind(_ operation: @escaping @isolated(any) @Sendable () async -> Void) async {
    await Self.$current.withValue(boundToCurrentTask()) { await operation() }
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
