import NapkinTesting
import Testing

private final actor TickerInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let ticks = CallRecorder<Int>("ticks", exhaustive: false)

  func didBecomeActive() async {
    task { [ticks] in ticks.record(1) }
  }
}

@Suite struct DroppedTaskTests {
  @Test func didBecomeActiveCalledDirectly_isReportedByTheEndOfTestChecks() async {
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let sut = TickerInteractor()
        await sut.didBecomeActive()
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("1 lifecycle-bound task was started") == true)
    #expect(issues.first?.message.contains("activate()") == true)
  }

  @Test func didBecomeActiveCalledDirectly_failsTheSwiftTestingTest() async {
    await withKnownIssue {
      await withNapkinChecks {
        await TickerInteractor().didBecomeActive()
      }
    }
  }

  @Test func activate_dropsNothing_andTheChecksStayQuiet() async {
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let sut = TickerInteractor()
        await sut.activate()
        await sut.ticks.waitForCalls(count: 1)
        await sut.deactivate()
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func expectBoundTasksDropped_countsTheDrops_andTheChecksStayQuiet() async {
    var dropped = 0
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let sut = TickerInteractor()
        dropped = await expectBoundTasksDropped {
          await sut.didBecomeActive()
          await sut.didBecomeActive()
        }
      }
    }
    #expect(dropped == 2)
    #expect(issues.isEmpty)
  }

  @Test func expectBoundTasksDropped_whenNothingIsDropped_reportsIt() async {
    let sut = TickerInteractor()
    await sut.activate()
    let issues = await withIssueCollector {
      await expectBoundTasksDropped { await sut.didBecomeActive() }
    }
    await sut.deactivate()
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("no lifecycle-bound task was dropped") == true)
  }
}
