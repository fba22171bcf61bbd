import NapkinTesting
import Testing

/// A clock's misuses that span a test's end or two tests.
@Suite struct MockClockMisuseTests {
  @Test func plainTaskStillAsleepAtTheEnd_isReportedWithItsStartAndDeadline() async {
    let clock = MockClock("refresh clock")
    var sleeper: Task<Void, Never>?
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        await clock.advance(by: .seconds(1))
        sleeper = Task { try? await clock.sleep(for: .seconds(30)) }
        await clock.waitForSleepers(count: 1)
      }
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("no interactor binds still sleeps on refresh clock"))
    #expect(message.contains("started at 1.0 seconds and is due at 31.0 seconds"))
    sleeper?.cancel()
    await sleeper?.value
  }

  @Test func boundTaskAsleepAtTheEnd_isParkedAndNotReported() async {
    let clock = MockClock()
    let sut = TickingInteractor(clock: clock)
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        await sut.activate()
        await clock.waitForSleepers(count: 1)
      }
    }
    #expect(issues.isEmpty)
    await sut.deactivate()
  }

  @Test func clockDrivenFromTwoTestsAtOnce_isReportedNamingBoth() async {
    var issues: [NapkinIssue] = []
    issues = await withIssueCollector {
      let shared = MockClock("shared clock")
      await withNapkinChecks {
        let sleeper = Task { try? await shared.sleep(for: .seconds(5)) }
        await shared.waitForSleepers(count: 1)
        // Another test, on its own task and with its own checks, moves the same clock.
        await Task.detached {
          await withNapkinChecks { await shared.advance(by: .seconds(5)) }
        }.value
        await sleeper.value
      }
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("advance(by: 5.0 seconds) on shared clock"))
    #expect(message.contains("driven from two tests at once"))
    #expect(message.contains("MockClockMisuseTests.swift:"))
    #expect(message.contains("clockDrivenFromTwoTestsAtOnce_isReportedNamingBoth()"))
  }
}

/// An interactor whose bound task sleeps in task-group children, then records once they all woke.
final actor FanOutSleepInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let woke = CallRecorder<Int>("FanOutSleepInteractor.woke", exhaustive: false)
  private(set) var done = false
  let clock: MockClock

  init(clock: MockClock) { self.clock = clock }

  func didBecomeActive() async {
    let clock = clock
    task {
      await withTaskGroup(of: Int.self) { group in
        for index in 1...3 {
          group.addTask {
            try? await clock.sleep(for: .seconds(index))
            return index
          }
        }
        for await index in group { self.woke.record(index) }
      }
      async let last: Void? = try? clock.sleep(for: .seconds(5))
      _ = await last
      self.done = true
    }
  }
}

@Suite struct MockClockChildTaskTests {
  @Test(arguments: 0..<20)
  func advance_waitsForSleepersInChildTasksOfABoundTask_andTheirParent(run: Int) async {
    let clock = MockClock()
    let sut = FanOutSleepInteractor(clock: clock)
    await sut.activate()
    await clock.waitForSleepers(count: 3)

    await clock.advance(by: .seconds(3))
    #expect(sut.woke.count == 3)
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == clock.now + .seconds(5))
    await clock.advance(by: .seconds(5))
    #expect(await sut.done)
    #expect(await settle(sut))
    await sut.deactivate()
  }
}
