import NapkinMutex
import NapkinTesting
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A thread-safe, ordered log of events.
private final class Recorder<Event: Sendable>: Sendable {
  private let storage = Mutex<[Event]>([])

  func record(_ event: Event) { storage.withLock { $0.append(event) } }

  var events: [Event] { storage.withLock { $0 } }

  var count: Int { storage.withLock { $0.count } }
}

/// The thread the caller runs on.
private func currentThread() -> pthread_t { pthread_self() }

/// Which collected task ran, and on which thread.
private struct Ran: Sendable {
  let index: Int
  let thread: pthread_t
}

/// An actor a collected task hops to and back from.
private actor Hop {
  private(set) var visits = 0
  func visit() { visits += 1 }
}

/// A runner runs the collected jobs of its trees on the thread that drains it, and leaves every
/// other job to dispatch.
@Suite(.timeLimit(.minutes(5)))
struct InlineJobRunnerTests {
  @Test func collectedJobs_waitForTheDrain_thenRunOnItsThread_inOrder() async {
    let runner = InlineJobRunner()
    let executor = BoundTaskExecutor(runningOn: runner) { _ in }
    let ran = Recorder<Ran>()
    runner.collect()
    var tasks: [Task<Void, Never>] = []
    for index in 0..<3 {
      tasks.append(
        Task(executorPreference: executor) {
          ran.record(Ran(index: index, thread: currentThread()))
        })
    }
    // Collected, so none of them can run before the drain.
    #expect(ran.count == 0)

    let drainer = currentThread()
    runner.drain()

    let log = ran.events
    #expect(log.map(\.index) == [0, 1, 2])
    #expect(log.allSatisfy { pthread_equal($0.thread, drainer) != 0 })
    for task in tasks { await task.value }
  }

  @Test func aTaskWithChildrenAndAnActorHop_endsWithinOneDrain() async {
    let runner = InlineJobRunner()
    let executor = BoundTaskExecutor(runningOn: runner) { _ in }
    let hop = Hop()
    let ended = Recorder<Bool>()
    runner.collect()
    let task = Task(executorPreference: executor) {
      async let first: Void = hop.visit()
      async let second: Void = hop.visit()
      _ = await (first, second)
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<3 { group.addTask { await hop.visit() } }
      }
      ended.record(true)
    }

    // The jobs the collected ones enqueue (children, the actor's, each resumption) are run by the
    // same drain, so the task has ended when it returns.
    runner.drain()

    #expect(ended.events == [true])
    #expect(await hop.visits == 5)
    await task.value
  }

  @Test func afterTheDrain_jobsRunOnDispatch_withoutAnotherDrain() async {
    let runner = InlineJobRunner()
    let executor = BoundTaskExecutor(runningOn: runner) { _ in }
    runner.collect()
    runner.drain()

    // No longer collecting: a task that nothing drains still runs, hops included.
    let hop = Hop()
    let value = await Task(executorPreference: executor) {
      await hop.visit()
      return await hop.visits
    }.value
    #expect(value == 1)
  }
}
