import NapkinTesting
import Testing

/// Every API that takes a timeout reports a negative one as a misuse at the caller's line.
@Suite struct NegativeTimeoutTests {
  @Test func withNapkinChecks_negativeTimeout_isReportedAndTheChecksStillRun() async {
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      await withNapkinChecks(timeout: .seconds(-1)) {
        expectDeallocatedAtEnd(WorkInteractor())
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("withNapkinChecks(timeout:)") == true)
    #expect(issues.first?.message.contains("must not be negative") == true)
    #expect(issues.first?.site.line == line)
  }

  @Test func expectDeallocated_negativeTimeout_isReported() async {
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      await expectDeallocated(timeout: .milliseconds(-1)) { WorkInteractor() }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("expectDeallocated(timeout:)") == true)
    #expect(issues.first?.site.line == line)
  }

  @Test func expectBoundTasksCancelled_negativeTimeout_isReportedAndChecksNothing() async {
    let sut = WorkInteractor()
    var passed = true
    let issues = await withIssueCollector {
      passed = await expectBoundTasksCancelled(sut, timeout: .seconds(-3))
    }
    #expect(!passed)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("must not be negative") == true)
  }

  @Test(arguments: ["advance(by:)", "advance(to:)", "run()"])
  func clock_negativeTimeout_isReportedAndMovesNothing(operation: String) async {
    let clock = MockClock("clock")
    let issues = await withIssueCollector {
      switch operation {
      case "advance(by:)": await clock.advance(by: .seconds(1), timeout: .seconds(-1))
      case "advance(to:)":
        await clock.advance(to: clock.now.advanced(by: .seconds(1)), timeout: .seconds(-1))
      default: await clock.run(timeout: .seconds(-1))
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("must not be negative") == true)
    #expect(issues.first?.message.contains("on clock") == true)
    #expect(clock.now == MockClock.Instant(offset: .zero))
  }
}
