import NapkinTesting
import Testing

private enum Call: Equatable, Sendable {
  case ping
  case value(Int)
}

private enum Origin: Equatable, Sendable {
  case actor
  case mainActor
  case nonisolated
  case detached
}

private actor RecordingActor {
  let recorder: CallRecorder<Origin>

  init(recorder: CallRecorder<Origin>) {
    self.recorder = recorder
  }

  func run() {
    recorder.record(.actor)
  }
}

@MainActor
private func recordOnMainActor(_ recorder: CallRecorder<Origin>) {
  recorder.record(.mainActor)
}

private nonisolated func recordNonisolated(_ recorder: CallRecorder<Origin>) {
  recorder.record(.nonisolated)
}

private struct Tick: Equatable, Sendable {
  let task: Int
  let sequence: Int
}

@Suite struct CallRecorderTests {
  @Test func calls_returnsEveryRecordedCallInOrder() {
    let recorder = CallRecorder<Call>("calls")
    recorder.record(.value(1))
    recorder.record(.ping)
    recorder.record(.value(2))
    #expect(recorder == [.value(1), .ping, .value(2)])
  }

  @Test func newRecorder_isEmpty() {
    let recorder = CallRecorder<Call>()
    #expect(recorder.all.isEmpty)
    #expect(recorder.count == 0)
    #expect(recorder.first == nil)
    #expect(recorder.last == nil)
    #expect(!recorder.contains(.ping))
  }

  @Test func count_countsEveryCall() {
    let recorder = CallRecorder<Call>()
    for index in 0..<7 { recorder.record(.value(index)) }
    #expect(recorder.count == 7)
  }

  @Test func countWhere_countsMatchingCalls() {
    let recorder = CallRecorder<Call>()
    for index in 0..<10 { recorder.record(.value(index)) }
    recorder.record(.ping)
    let even = recorder.count { call in
      if case .value(let value) = call { return value.isMultiple(of: 2) }
      return false
    }
    #expect(even == 5)
  }

  @Test func countOf_countsEqualCalls() {
    let recorder = CallRecorder<Call>()
    recorder.record(.ping)
    recorder.record(.value(1))
    recorder.record(.ping)
    #expect(recorder.count(of: .ping) == 2)
    #expect(recorder.count(of: .value(1)) == 1)
    #expect(recorder.count(of: .value(2)) == 0)
  }

  @Test func firstAndLast_returnTheOldestAndNewestCall() {
    let recorder = CallRecorder<Call>()
    recorder.record(.value(1))
    recorder.record(.value(2))
    recorder.record(.value(3))
    #expect(recorder.first == .value(1))
    #expect(recorder.last == .value(3))
  }

  @Test func contains_findsRecordedCallsOnly() {
    let recorder = CallRecorder<Call>()
    recorder.record(.value(4))
    #expect(recorder.contains(.value(4)))
    #expect(!recorder.contains(.value(5)))
    #expect(recorder.contains { $0 == .value(4) })
    #expect(!recorder.contains { $0 == .ping })
  }

  @Test func reset_forgetsEveryCallAndKeepsRecording() {
    let recorder = CallRecorder<Call>()
    recorder.record(.ping)
    recorder.record(.value(1))
    recorder.reset()
    #expect(recorder.all.isEmpty)
    #expect(recorder.first == nil)
    recorder.record(.value(2))
    #expect(recorder == [.value(2)])
  }

  @Test func label_defaultsToTheCallType() {
    #expect(CallRecorder<Call>("MockAuth").label == "MockAuth")
    #expect(CallRecorder<Int>().label == "CallRecorder<Int>")
  }

  @Test func record_fromActorMainActorNonisolatedAndDetachedCode() async {
    let recorder = CallRecorder<Origin>("origins")
    await RecordingActor(recorder: recorder).run()
    await recordOnMainActor(recorder)
    recordNonisolated(recorder)
    await Task.detached { recorder.record(.detached) }.value
    #expect(recorder == [.actor, .mainActor, .nonisolated, .detached])
  }

  @Test func record_fromAMainActorClosure() async {
    let recorder = CallRecorder<Origin>()
    await MainActor.run { recorder.record(.mainActor) }
    #expect(recorder == [.mainActor])
  }

  @Test func concurrentRecording_100TasksOf1000Calls_losesNothingAndKeepsEachTasksOrder() async {
    let recorder = CallRecorder<Tick>("ticks")
    let tasks = 100
    let callsPerTask = 1_000
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for sequence in 0..<callsPerTask { recorder.record(Tick(task: task, sequence: sequence)) }
        }
      }
    }
    let calls = recorder.all
    #expect(calls.count == tasks * callsPerTask)
    var next = [Int](repeating: 0, count: tasks)
    var outOfOrder: [Tick] = []
    for tick in calls {
      if tick.sequence != next[tick.task] { outOfOrder.append(tick) }
      next[tick.task] += 1
    }
    #expect(outOfOrder.isEmpty)
    #expect(next.allSatisfy { $0 == callsPerTask })
  }

  @Test func concurrentReadsDuringRecording_seeConsistentPrefixes() async {
    let recorder = CallRecorder<Int>("numbers")
    let total = 20_000
    let snapshots = await withTaskGroup(of: [[Int]].self) { group in
      group.addTask {
        for value in 0..<total { recorder.record(value) }
        return []
      }
      group.addTask {
        var snapshots: [[Int]] = []
        for _ in 0..<50 { snapshots.append(recorder.all) }
        return snapshots
      }
      var all: [[Int]] = []
      for await snapshot in group { all += snapshot }
      return all
    }
    // One writer: every snapshot is a prefix 0, 1, 2, ... of what it recorded.
    for snapshot in snapshots {
      #expect(snapshot == Array(0..<snapshot.count))
    }
    #expect(recorder.count == total)
  }

  @Test func isEmpty_isTrueUntilTheFirstCall_andAssertsLikeCount() async {
    let recorder = CallRecorder<Int>("numbers")
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        #expect(recorder.isEmpty)
        recorder.record(1)
        #expect(!recorder.isEmpty)
      }
    }
    #expect(issues.isEmpty, "\(issues)")
  }
}
