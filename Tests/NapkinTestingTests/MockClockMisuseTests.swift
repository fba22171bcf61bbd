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
