/// The pure state of a ``DeadlineScheduler``: pending deadlines in a min-heap, cancelled lazily.
///
/// Runs under the scheduler's lock and never calls the actions it stores: ``popExpired(at:)``
/// hands them back for the scheduler to run after unlocking.
struct DeadlineQueue {
  typealias Action = @Sendable () -> Void

  private struct Entry {
    let deadline: ContinuousClock.Instant
    let id: UInt64
  }

  /// Every scheduled entry not yet popped; cancelled ones stay until they surface or a compaction.
  private var heap: [Entry] = []
  /// The actions of the entries still pending: an entry is cancelled when its action is gone.
  private var actions: [UInt64: Action] = [:]
  private var nextID: UInt64 = 0

  /// The deadline the scheduler's sleeping task wakes at, if one is sleeping.
  var sleeperDeadline: ContinuousClock.Instant?
  /// Numbers the sleeping tasks, so one that was superseded by an earlier deadline knows to end.
  private(set) var sleeperGeneration: UInt64 = 0
  /// The task sleeping until `sleeperDeadline`.
  private var sleeper: Task<Void, Never>?

  /// The number of pending (not cancelled, not expired) entries.
  var pendingCount: Int { actions.count }

  /// Adds `action` at `deadline`; returns its id, and a new sleeper generation when no sleeper
  /// wakes early enough for it (the scheduler must then start one).
  mutating func insert(
    _ action: @escaping Action, at deadline: ContinuousClock.Instant
  ) -> (id: UInt64, newSleeper: UInt64?) {
    let id = nextID
    nextID &+= 1
    actions[id] = action
    push(Entry(deadline: deadline, id: id))
    if let sleeping = sleeperDeadline, sleeping <= deadline { return (id, nil) }
    sleeperGeneration &+= 1
    sleeperDeadline = deadline
    return (id, sleeperGeneration)
  }

  /// Records the task sleeping for the newest generation; returns the one it supersedes.
  mutating func replaceSleeper(with task: Task<Void, Never>) -> Task<Void, Never>? {
    defer { sleeper = task }
    return sleeper
  }

  /// Cancels the entry `id`; returns `false` if it already expired or was cancelled.
  @discardableResult
  mutating func cancel(_ id: UInt64) -> Bool {
    guard actions.removeValue(forKey: id) != nil else { return false }
    // Keep the heap proportional to what is pending: waits satisfied long before their timeout
    // would otherwise pile up until their deadlines pass.
    if heap.count > 64, heap.count > 4 * actions.count { compact() }
    return true
  }

  /// Removes and returns the actions due at `now`, then the deadline the sleeper `generation`
  /// must wake at next; `nil` (and the sleeper must end) when it was superseded or nothing is
  /// pending.
  mutating func popExpired(
    at now: ContinuousClock.Instant, sleeper generation: UInt64
  ) -> (due: [Action], next: ContinuousClock.Instant?) {
    guard generation == sleeperGeneration else { return ([], nil) }
    var due: [Action] = []
    while let top = heap.first, top.deadline <= now {
      popTop()
      if let action = actions.removeValue(forKey: top.id) { due.append(action) }
    }
    while let top = heap.first, actions[top.id] == nil { popTop() }
    sleeperDeadline = heap.first?.deadline
    if sleeperDeadline == nil { sleeper = nil }
    return (due, sleeperDeadline)
  }

  // MARK: Heap

  private mutating func push(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].deadline < heap[parent].deadline else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func popTop() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(from: 0)
  }

  private mutating func siftDown(from index: Int) {
    var parent = index
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
      if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }

  private mutating func compact() {
    heap.removeAll { actions[$0.id] == nil }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
  }
}
