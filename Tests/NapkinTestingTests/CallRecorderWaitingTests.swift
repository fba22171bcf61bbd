import NapkinTesting
import Testing

/// Waits on `recorder` for a call matching `isAwaited`, opening `registered` as soon as the wait
/// is registered (the predicate runs on the calls recorded before the wait, so the recorder must
/// hold a `marker` call first). Lets a test record the awaited call strictly after the wait began.
private func waitForCall(
  on recorder: CallRecorder<Int>, marker: Int, registered: Gate, timeout: Duration = .seconds(60),
  where isAwaited: @escaping @Sendable (Int) -> Bool
) async -> Bool {
  await recorder.waitForCall(
    where: { call in
      if call == marker { registered.open() }
      return isAwaited(call)
    }, timeout: timeout)
}

// No test here measures wall time: a wait that runs out its timeout returns `false`
// and reports an issue, so its return value (or an empty issue list) already proves it did not.
@Suite struct CallRecorderWaitingTests {
  @Test func waitForCalls_returnsWhenTheCallsArriveLaterFromAnotherTask() async {
    let recorder = CallRecorder<Int>("numbers")
    let producer = Task.detached {
      recorder.record(1)
      recorder.record(2)
    }
    #expect(await recorder.waitForCalls(count: 2, timeout: .seconds(60)))
    #expect(recorder == [1, 2])
    await producer.value
  }

  @Test func waitForCalls_returnsWithoutWaitingForTimeout() async {
    let recorder = CallRecorder<Int>("numbers")
    let producer = Task.detached { recorder.record(7) }
    #expect(await recorder.waitForCalls(count: 1, timeout: .seconds(60)))
    #expect(recorder == [7])
    await producer.value
  }

  @Test func waitForCall_where_wakesForACallRecordedAfterTheWaitBegan() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(0)
    let registered = Gate()
    let producer = Task.detached {
      await registered.wait()
      recorder.record(1)
      recorder.record(2)
    }
    #expect(await waitForCall(on: recorder, marker: 0, registered: registered) { $0 == 2 })
    #expect(recorder.contains(2))
    await producer.value
  }

  @Test func waitForCall_where_returnsTrueOnceAMatchingCallArrives() async {
    let recorder = CallRecorder<Int>("numbers")
    let producer = Task.detached {
      for value in [1, 3, 4, 5, 6] { recorder.record(value) }
    }
    let even = await recorder.waitForCall(where: { $0.isMultiple(of: 2) }, timeout: .seconds(60))
    #expect(even)
    #expect(recorder.contains(4))
    await producer.value
  }

  @Test func waitForCall_equatable_returnsTrueWhenTheCallArrives() async {
    let recorder = CallRecorder<String>("names")
    let producer = Task.detached {
      recorder.record("login")
      recorder.record("logout")
    }
    let arrived = await recorder.waitForCall("logout", timeout: .seconds(60))
    #expect(arrived)
    await producer.value
  }

  @Test func waitForCall_countsCallsRecordedBeforeTheWait() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(41)
    recorder.record(42)
    let issues = await withIssueCollector {
      #expect(await recorder.waitForCall(where: { $0 == 41 }, timeout: .zero))
    }
    #expect(issues.isEmpty)
  }

  @Test func waitForCalls_alreadySatisfied_returnsAtOnce() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    recorder.record(2)
    recorder.record(3)
    let issues = await withIssueCollector {
      // A zero timeout would report if the wait did not return at once.
      #expect(await recorder.waitForCalls(count: 2, timeout: .zero))
    }
    #expect(issues.isEmpty)
    #expect(await recorder.waitForCalls(count: 3, timeout: .seconds(60)))
    #expect(recorder == [1, 2, 3])
  }

  @Test func waitForCall_alreadyRecorded_returnsAtOnce() async {
    let recorder = CallRecorder<String>("names")
    recorder.record("ready")
    var arrived = false
    let issues = await withIssueCollector {
      // A zero timeout would report if the wait did not return at once.
      arrived = await recorder.waitForCall("ready", timeout: .zero)
    }
    #expect(arrived)
    #expect(issues.isEmpty)
  }

  @Test func waitForCalls_timeout_reportsExactlyOneIssueListingTheCallsSoFar() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    recorder.record(2)
    var result = true
    let issues = await withIssueCollector {
      result = await recorder.waitForCalls(count: 3, timeout: .milliseconds(20))
    }
    #expect(!result)
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("Timed out"))
    #expect(message.contains("3 calls"))
    #expect(message.contains("numbers"))
    #expect(message.contains("2 recorded: [1, 2]"))
  }

  @Test func waitForCalls_timeoutWithNothingRecorded_saysSo() async {
    let recorder = CallRecorder<Int>("numbers")
    let issues = await withIssueCollector {
      await recorder.waitForCalls(count: 1, timeout: .milliseconds(10))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("no calls recorded") == true)
  }

  @Test func waitForCall_where_timeout_reportsExactlyOneIssueListingTheCallsSoFar() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(5)
    var match = true
    let issues = await withIssueCollector {
      match = await recorder.waitForCall(where: { $0 > 10 }, timeout: .milliseconds(20))
    }
    #expect(!match)
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("Timed out"))
    #expect(message.contains("matching call on numbers"))
    #expect(message.contains("1 recorded: [5]"))
  }

  @Test func waitForCall_equatable_timeout_returnsFalseAndReportsOnce() async {
    let recorder = CallRecorder<String>("names")
    recorder.record("login")
    var arrived = true
    let issues = await withIssueCollector {
      arrived = await recorder.waitForCall("logout", timeout: .milliseconds(20))
    }
    #expect(!arrived)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("1 recorded: [login]") == true)
    #expect(issues.first?.message.contains("waiting for logout on names") == true)
  }

  @Test func timeout_withAMillionCalls_listsOnlyTheFirstAndLastFew() async {
    let recorder = CallRecorder<Int>("numbers")
    for value in 0..<1_000_000 { recorder.record(value) }
    let issues = await withIssueCollector {
      await recorder.waitForCall(-1, timeout: .zero)
    }
    let message = issues.first?.message ?? ""
    #expect(message.contains("1000000 recorded: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … 999985 more …"))
    #expect(message.hasSuffix("999995, 999996, 999997, 999998, 999999]."))
    #expect(message.count < 300)
  }

  @Test func waitForCalls_timeout_failsTheSwiftTestingTest() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    await withKnownIssue {
      _ = await recorder.waitForCalls(count: 2, timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Timed out") }
    }
  }

  @Test func waitForCall_timeout_failsTheSwiftTestingTest() async {
    let recorder = CallRecorder<Int>("numbers")
    await withKnownIssue {
      _ = await recorder.waitForCall(where: { $0 == 1 }, timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("matching call on numbers") }
    }
  }

  @Test func timeout_isAttributedToTheCallersLine() async {
    let recorder = CallRecorder<Int>("numbers")
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      await recorder.waitForCalls(count: 1, timeout: .zero)
    }
    #expect(issues.first?.site.line == line)
    #expect(issues.first?.site.fileID == #fileID)
  }

  @Test func waitForCall_cancelledWhileWaiting_returnsFalseWithoutIssue() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(0)
    let registered = Gate()
    let issues = await withIssueCollector {
      let waiter = Task {
        await waitForCall(on: recorder, marker: 0, registered: registered) { $0 == 1 }
      }
      await registered.wait()
      waiter.cancel()
      #expect(await waiter.value == false)
    }
    // A wait that ran out its timeout would have reported one.
    #expect(issues.isEmpty)
  }

  @Test func waitForCalls_cancelled_returnsFalseWithoutIssue() async {
    let recorder = CallRecorder<Int>("numbers")
    let issues = await withIssueCollector {
      let waiter = Task { await recorder.waitForCalls(count: 1, timeout: .seconds(60)) }
      waiter.cancel()
      #expect(await waiter.value == false)
    }
    // A wait that ran out its timeout would have reported one.
    #expect(issues.isEmpty)
  }

  @Test func waitForCalls_inAnAlreadyCancelledTask_returnsFalseWithoutIssue() async {
    let recorder = CallRecorder<Int>("numbers")
    let issues = await withIssueCollector {
      let waiter = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await recorder.waitForCalls(count: 1, timeout: .seconds(60))
      }
      #expect(await waiter.value == false)
    }
    #expect(issues.isEmpty)
  }

  @Test func waitForCalls_countBelowOne_reportsMisuse() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    var result = true
    let issues = await withIssueCollector {
      result = await recorder.waitForCalls(count: 0, timeout: .seconds(60))
    }
    #expect(!result)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("waitForCalls(count: 0)") == true)
    #expect(issues.first?.message.contains("count must be at least 1") == true)
  }

  @Test func waitForCalls_negativeTimeout_reportsMisuse() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    var result = true
    let issues = await withIssueCollector {
      result = await recorder.waitForCalls(count: 1, timeout: .seconds(-1))
    }
    #expect(!result)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("must not be negative") == true)
    #expect(issues.first?.message.contains("numbers") == true)
  }

  @Test func waitForCall_negativeTimeout_reportsMisuse() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    var match = true
    let issues = await withIssueCollector {
      match = await recorder.waitForCall(where: { $0 == 1 }, timeout: .milliseconds(-5))
    }
    #expect(!match)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("a matching call on numbers") == true)
    #expect(issues.first?.message.contains("must not be negative") == true)
  }

  @Test func manyConcurrentWaiters_onOneRecorder_allWake() async {
    let recorder = CallRecorder<Int>("numbers")
    let started = CallRecorder<Int>("started")
    let waiters = 50
    let issues = await withIssueCollector {
      await withTaskGroup(of: Bool.self) { group in
        for index in 1...waiters {
          group.addTask {
            started.record(index)
            let byCount = await recorder.waitForCalls(count: index, timeout: .seconds(60))
            let byMatch = await recorder.waitForCall(where: { $0 == index }, timeout: .seconds(60))
            return byCount && byMatch
          }
        }
        await started.waitForCalls(count: waiters, timeout: .seconds(60))
        for value in 1...waiters { recorder.record(value) }
        var woken = 0
        for await ok in group where ok { woken += 1 }
        #expect(woken == waiters)
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func waitForCall_predicateMayReadTheRecorder() async {
    let recorder = CallRecorder<Int>("numbers")
    let producer = Task.detached {
      for value in 1...3 { recorder.record(value) }
    }
    // The predicate runs outside the recorder's lock, so it may read the recorder itself.
    let third = await recorder.waitForCall(
      where: { _ in recorder.count >= 3 }, timeout: .seconds(60))
    #expect(third)
    await producer.value
  }
}
