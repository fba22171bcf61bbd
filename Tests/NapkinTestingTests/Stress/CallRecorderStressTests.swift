@_spi(Benchmarking) import NapkinTesting
import Testing

/// One recorded call: the recording task that made it and its place in that task's sequence.
private struct Tick: Equatable, Sendable {
  let task: Int
  let sequence: Int
}

/// The call a predicate waiter awaits.
private enum Wanted: Sendable {
  /// Exactly this call.
  case exactly(Tick)
  /// Any call of `task` at or after `sequence`.
  case callOf(task: Int, from: Int)

  func matches(_ tick: Tick) -> Bool {
    switch self {
    case .exactly(let wanted): tick == wanted
    case .callOf(let task, let from): tick.task == task && tick.sequence >= from
    }
  }
}

/// Records `callsPerTask` ticks from each of `tasks` child tasks of `group`.
///
/// The recorders run at low priority and yield every 100 calls, which interleaves them more and
/// leaves the other tests of a parallel run their share of the cores.
private func addRecorders<Result: Sendable>(
  to group: inout TaskGroup<Result?>, recorder: CallRecorder<Tick>, tasks: Int, callsPerTask: Int
) {
  for task in 0..<tasks {
    group.addTask(priority: .low) {
      for sequence in 0..<callsPerTask {
        recorder.record(Tick(task: task, sequence: sequence))
        if sequence % 100 == 99 { await Task.yield() }
      }
      return nil
    }
  }
}

/// The first call in `calls` out of its task's order, and how many calls each task recorded.
private func checkPerTaskOrder(_ calls: [Tick], tasks: Int) -> (
  firstOutOfOrder: Tick?, perTask: [Int]
) {
  var next = [Int](repeating: 0, count: tasks)
  var firstOutOfOrder: Tick?
  for tick in calls {
    if firstOutOfOrder == nil, tick.sequence != next[tick.task] { firstOutOfOrder = tick }
    next[tick.task] += 1
  }
  return (firstOutOfOrder, next)
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@Suite(.timeLimit(.minutes(5)))
struct CallRecorderStressTests {
  private let tasks = 100
  private let callsPerTask = 1_000
  /// Generous, so a slow thread-sanitizer run never times out; success never waits for it.
  private let timeout = Duration.seconds(30)

  @Test func hundredTasksOfThousandRecords_loseNothingKeepOrderAndWakeEveryCountWaiter() async {
    let recorder = CallRecorder<Tick>("ticks")
    let total = tasks * callsPerTask
    // Twenty targets spread over 1...100_000, both ends included.
    let targets = (0..<20).map { 1 + $0 * (total - 1) / 19 }
    let timeout = timeout

    let results = await withTaskGroup(of: (target: Int, arrived: Bool)?.self) { group in
      for target in targets {
        group.addTask { (target, await recorder.waitForCalls(count: target, timeout: timeout)) }
      }
      addRecorders(to: &group, recorder: recorder, tasks: tasks, callsPerTask: callsPerTask)
      var results: [(target: Int, arrived: Bool)] = []
      for await result in group {
        if let result { results.append(result) }
      }
      return results
    }

    let calls = recorder.all
    #expect(calls.count == total)
    let order = checkPerTaskOrder(calls, tasks: tasks)
    #expect(order.firstOutOfOrder == nil)
    #expect(order.perTask == Array(repeating: callsPerTask, count: tasks))

    // Each waiter resumed exactly once, and only once its target was reached.
    #expect(results.map(\.target).sorted() == targets)
    for (target, arrived) in results {
      #expect(arrived, "waitForCalls(count: \(target)) returned false")
    }
  }

  @Test func predicateWaitersDuringHundredRecordingTasks_eachGetAMatchingCall() async {
    let recorder = CallRecorder<Tick>("ticks")
    let tasks = tasks
    // Every record evaluates every pending predicate: fewer calls keep the test fast.
    let callsPerTask = 200
    let timeout = timeout
    // Exact calls early, midway and last in their task, and "any late call of a task" ranges.
    var wanted: [Wanted] = []
    for index in 0..<10 {
      let task = index * 4
      wanted.append(.exactly(Tick(task: task, sequence: (index * 211) % callsPerTask)))
      wanted.append(.exactly(Tick(task: task + 1, sequence: callsPerTask - 1)))
      wanted.append(.callOf(task: task + 2, from: (index * 37) % callsPerTask))
      wanted.append(.callOf(task: task + 3, from: callsPerTask - 1 - index))
    }

    let results = await withTaskGroup(of: (wanted: Wanted, arrived: Bool)?.self) { group in
      for wanted in wanted {
        group.addTask {
          let arrived = await recorder.waitForCall(where: { wanted.matches($0) }, timeout: timeout)
          return (wanted, arrived)
        }
      }
      addRecorders(to: &group, recorder: recorder, tasks: tasks, callsPerTask: callsPerTask)
      var results: [(wanted: Wanted, arrived: Bool)] = []
      for await result in group {
        if let result { results.append(result) }
      }
      return results
    }

    let calls = recorder.all
    #expect(calls.count == tasks * callsPerTask)
    let order = checkPerTaskOrder(calls, tasks: tasks)
    #expect(order.firstOutOfOrder == nil)

    // Each waiter resumed exactly once, and a call its predicate accepts was recorded.
    #expect(results.count == wanted.count)
    for (wanted, arrived) in results {
      #expect(arrived, "waitForCall(where:) for \(wanted) returned false")
      #expect(calls.contains(where: wanted.matches), "no recorded call matches \(wanted)")
    }
  }

  @Test func zeroAndTinyTimeoutsFromManyTasks_eachTimesOutAndNoneHangs() async {
    // A timeout can fire the moment it is scheduled: it must still find its waiter. (It once was
    // scheduled before the waiter was registered, and a wait could hang.)
    let recorder = CallRecorder<Tick>("ticks", exhaustive: false)
    let waitsPerTask = 50
    let tasks = 10
    var results: [Bool] = []
    let issues = await withIssueCollector {
      results = await withTaskGroup(of: [Bool].self) { group in
        for task in 0..<tasks {
          group.addTask {
            var timedOut: [Bool] = []
            for wait in 0..<waitsPerTask {
              let timeout = Duration.microseconds((task * waitsPerTask + wait) % 3 * 50)
              timedOut.append(!(await recorder.waitForCalls(count: 1, timeout: timeout)))
            }
            return timedOut
          }
        }
        var all: [Bool] = []
        for await batch in group { all += batch }
        return all
      }
    }
    #expect(results.count == tasks * waitsPerTask)
    #expect(results.allSatisfy { $0 })
    #expect(issues.count == tasks * waitsPerTask)
    #expect(issues.allSatisfy { $0.message.hasPrefix("Timed out after") })
    #expect(recorder.suspendedWaitCount == 0)
  }
}
