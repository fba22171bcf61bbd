import NapkinTesting
import Testing

/// Which test owns an object: decided in one place, the same for the timeline, strict checks and
/// reports. A Swift Testing checked test never owns what a `Task.detached` created: a plain test
/// running beside it may have detached that task.
@Suite struct OwnershipTests {
  @Test func detachedRecorderOfAPlainTest_neverJoinsTheCheckedTestBesideIt() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let timeline = Timeline.current
        // What a plain test running beside this one does: a recorder made on a detached task.
        let foreign = await Task.detached {
          let recorder = CallRecorder<Int>("plain test's recorder")
          recorder.record(1)
          return recorder
        }.value
        #expect(timeline?.events.isEmpty == true)
        #expect(foreign.count == 1)
      }
    }
    // Not on the timeline, and not in this test's strict checks either.
    #expect(issues.isEmpty)
  }

  @Test func detachedObjects_haveNoTimeline_inSwiftTesting() async {
    await withNapkinChecks {
      #expect(Timeline.current != nil)
      let detached = await Task.detached { Timeline.current == nil }.value
      #expect(detached)
    }
  }

  @Test func childTaskObjects_stillBelongToTheirTest() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            let recorder = CallRecorder<Int>("child's recorder")
            recorder.record(1)
          }
        }
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("child's recorder") == true)
  }
}
