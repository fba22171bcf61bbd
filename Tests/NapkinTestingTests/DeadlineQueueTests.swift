import NapkinMutex
import Testing

@testable import NapkinTesting

@Suite struct DeadlineQueueTests {
  private let start = ContinuousClock.now

  private func at(_ milliseconds: Int) -> ContinuousClock.Instant {
    start + .milliseconds(milliseconds)
  }

  @Test func firstDeadline_startsASleeper_laterOnesReuseIt() {
    var queue = DeadlineQueue()
    let first = queue.insert({}, at: at(100))
    let later = queue.insert({}, at: at(200))
    #expect(first.newSleeper == 1)
    #expect(later.newSleeper == nil)
    #expect(queue.sleeperDeadline == at(100))
    #expect(queue.pendingCount == 2)
  }

  @Test func earlierDeadline_supersedesTheSleeper() {
    var queue = DeadlineQueue()
    _ = queue.insert({}, at: at(200))
    let earlier = queue.insert({}, at: at(100))
    #expect(earlier.newSleeper == 2)
    #expect(queue.sleeperDeadline == at(100))
    // The superseded sleeper (generation 1) must end without touching the queue.
    let stale = queue.popExpired(at: at(300), sleeper: 1)
    #expect(stale.due.isEmpty && stale.next == nil)
    #expect(queue.pendingCount == 2)
  }

  @Test func popExpired_returnsDueActionsInDeadlineOrder_andTheNextDeadline() {
    var queue = DeadlineQueue()
    let order = Mutex<[Int]>([])
    for milliseconds in [30, 10, 50, 20, 40] {
      _ = queue.insert({ order.withLock { $0.append(milliseconds) } }, at: at(milliseconds))
    }
    let (due, next) = queue.popExpired(at: at(30), sleeper: queue.sleeperGeneration)
    for action in due { action() }
    #expect(order.withLock { $0 } == [10, 20, 30])
    #expect(next == at(40))
    #expect(queue.sleeperDeadline == at(40))
    #expect(queue.pendingCount == 2)
  }

  @Test func cancel_removesTheActionOnce() {
    var queue = DeadlineQueue()
    let (id, _) = queue.insert({}, at: at(10))
    let first = queue.cancel(id)
    let second = queue.cancel(id)
    #expect(first)
    #expect(!second)
    let (due, next) = queue.popExpired(at: at(20), sleeper: queue.sleeperGeneration)
    #expect(due.isEmpty)
    #expect(next == nil)
    #expect(queue.sleeperDeadline == nil)
  }

  @Test func manyCancelled_compactsAndKeepsEveryPendingAction() {
    var queue = DeadlineQueue()
    let fired = Mutex<[Int]>([])
    var ids: [UInt64] = []
    for index in 0..<500 {
      let (id, _) = queue.insert({ fired.withLock { $0.append(index) } }, at: at(index))
      ids.append(id)
    }
    for (index, id) in ids.enumerated() where !index.isMultiple(of: 50) { queue.cancel(id) }
    #expect(queue.pendingCount == 10)
    let (due, next) = queue.popExpired(at: at(1_000), sleeper: queue.sleeperGeneration)
    for action in due { action() }
    #expect(fired.withLock { $0 } == Array(stride(from: 0, to: 500, by: 50)))
    #expect(next == nil)
  }

  @Test func cancelledHead_isSkippedWhenComputingTheNextDeadline() {
    var queue = DeadlineQueue()
    _ = queue.insert({}, at: at(10))
    let (head, _) = queue.insert({}, at: at(20))
    _ = queue.insert({}, at: at(30))
    queue.cancel(head)
    let (due, next) = queue.popExpired(at: at(10), sleeper: queue.sleeperGeneration)
    #expect(due.count == 1)
    #expect(next == at(30))
  }
}

@Suite struct DeadlineSchedulerTests {
  /// Suspends until `count` actions scheduled with `schedule` ran, returning their labels in the
  /// order they ran.
  private func run(
    _ count: Int, _ schedule: (_ fire: @escaping @Sendable (String) -> Void) -> Void
  ) async -> [String] {
    let state = Mutex<(labels: [String], waiter: CheckedContinuation<[String], Never>?)>(([], nil))
    let fire: @Sendable (String) -> Void = { label in
      let done = state.withLock { state -> (CheckedContinuation<[String], Never>, [String])? in
        state.labels.append(label)
        guard state.labels.count == count, let waiter = state.waiter else { return nil }
        state.waiter = nil
        return (waiter, state.labels)
      }
      done.map { $0.0.resume(returning: $0.1) }
    }
    return await withCheckedContinuation { continuation in
      let early = state.withLock { state -> [String]? in
        if state.labels.count == count { return state.labels }
        state.waiter = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
      schedule(fire)
    }
  }

  @Test func actions_runInDeadlineOrder_evenWhenAnEarlierOneIsScheduledLater() async {
    let scheduler = DeadlineScheduler()
    let labels = await run(3) { fire in
      _ = scheduler.schedule(after: .milliseconds(60)) { fire("60 ms") }
      _ = scheduler.schedule(after: .milliseconds(30)) { fire("30 ms") }
      _ = scheduler.schedule(after: .zero) { fire("now") }
    }
    #expect(labels == ["now", "30 ms", "60 ms"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func earlierDeadline_runsWithoutWaitingOutALaterOne() async {
    let scheduler = DeadlineScheduler()
    let clock = ContinuousClock()
    let start = clock.now
    var later: UInt64 = 0
    let labels = await run(1) { fire in
      later = scheduler.schedule(after: .seconds(30)) { fire("30 s") }
      _ = scheduler.schedule(after: .milliseconds(1)) { fire("1 ms") }
    }
    // Had the sleeper for the 30 s deadline not been superseded, this would take 30 s.
    #expect(labels == ["1 ms"])
    #expect(clock.now - start < .seconds(10))  // hang guard: fires in ~1 ms; 10 s is > 1000× that
    #expect(scheduler.cancel(later))
  }

  @Test func cancelledAction_neverRuns() async {
    let scheduler = DeadlineScheduler()
    let cancelledRan = Mutex(false)
    let labels = await run(1) { fire in
      let cancelled = scheduler.schedule(after: .milliseconds(5)) {
        cancelledRan.withLock { $0 = true }
      }
      #expect(scheduler.cancel(cancelled))
      #expect(!scheduler.cancel(cancelled))
      _ = scheduler.schedule(after: .milliseconds(20)) { fire("after it") }
    }
    #expect(labels == ["after it"])
    #expect(!cancelledRan.withLock { $0 })
  }

  @Test func concurrentScheduling_fromManyTasks_runsEveryAction() async {
    let scheduler = DeadlineScheduler()
    let labels = await run(200) { fire in
      for index in 0..<200 {
        Task.detached {
          _ = scheduler.schedule(after: .milliseconds(index % 7)) { fire("\(index)") }
        }
      }
    }
    #expect(Set(labels).count == 200)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func hugeTimeout_doesNotOverflow_andCanBeCancelled() {
    let scheduler = DeadlineScheduler()
    let id = scheduler.schedule(after: .seconds(Int64.max)) {}
    #expect(scheduler.pendingCount == 1)
    #expect(scheduler.cancel(id))
    #expect(scheduler.pendingCount == 0)
  }
}
