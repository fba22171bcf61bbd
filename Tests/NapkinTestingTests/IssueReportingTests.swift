import NapkinTesting
import Testing

private final class MockChildRouting: BaseMockRouter<Never> {}

@Suite struct IssueReportingTests {
  // MARK: The collector

  @Test func withIssueCollector_returnsEveryIssueInOrder() async {
    let recorder = CallRecorder<Int>("numbers")
    let issues = await withIssueCollector {
      await recorder.waitForCalls(count: 0)
      await recorder.waitForCalls(count: 1, timeout: .seconds(-1))
    }
    #expect(issues.count == 2)
    #expect(issues.first?.message.contains("count must be at least 1") == true)
    #expect(issues.last?.message.contains("must not be negative") == true)
  }

  @Test func withIssueCollector_withNoIssue_returnsNothing() async {
    let recorder = CallRecorder<Int>("numbers")
    recorder.record(1)
    let issues = await withIssueCollector {
      await recorder.waitForCalls(count: 1)
    }
    #expect(issues.isEmpty)
  }

  @Test func issueCollector_collect_keepsIssuesAcrossCalls() async {
    let collector = IssueCollector()
    let recorder = CallRecorder<Int>("numbers")
    _ = await collector.collect { await recorder.waitForCalls(count: 0) }
    #expect(collector.issues.count == 1)
    let value = await collector.collect {
      await recorder.waitForCalls(count: -1)
      return 7
    }
    #expect(value == 7)
    #expect(collector.issues.count == 2)
  }

  @Test func issueCollector_record_appendsAnIssue() {
    let collector = IssueCollector()
    collector.record(NapkinIssue("first", at: CallSite()))
    collector.record(NapkinIssue("second", at: CallSite()))
    #expect(collector.issues.map(\.message) == ["first", "second"])
  }

  @Test func issue_describesItsSiteAndMessage() {
    let site = CallSite(fileID: "Module/File.swift", line: 12, column: 5)
    #expect(site.description == "Module/File.swift:12:5")
    #expect(NapkinIssue("broken", at: site).description == "Module/File.swift:12:5: broken")
  }

  @Test func callSite_defaultsToTheCallersLocation() {
    let line: UInt = #line + 1
    let site = CallSite()
    #expect(site.line == line)
    #expect(site.fileID == #fileID)
    #expect(site.filePath == "\(#filePath)")
  }

  @Test func withIssueCollector_collectsIssuesOfObjectsCreatedBeforeIt() async {
    let parent = MockChildRouting()
    let child = MockChildRouting()
    let stub = Stub<Int>(label: "answer")
    let service = MockLibraryService()
    service.hold(.cachedTrackCount)
    let issues = await withIssueCollector {
      await parent.attachChild(child)
      await parent.attachChild(child)
      _ = try? stub.get()
      _ = try? service.cachedTrackCount()
    }
    #expect(issues.count == 3)
    #expect(issues.contains { $0.message.contains("already attached") })
    #expect(issues.contains { $0.message.contains("Unstubbed call: answer") })
    #expect(issues.contains { $0.message.contains("called synchronously") })
  }

  // MARK: Issues found on other tasks

  @Test func issueOnADetachedTask_ofAnObjectCreatedInACollector_reachesTheCollector() async {
    let issues = await withIssueCollector {
      let stub = Stub<Int>(label: "answer")
      let failed = await Task.detached { (try? stub.get()) == nil }.value
      #expect(failed)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("Unstubbed call: answer") == true)
  }

  @Test func unstubbedCallOnADetachedTask_isReportedAtTheNextUseFromTheTestsTask() async {
    let stub = Stub<Int>(label: "answer")
    let failed = await Task.detached { (try? stub.get()) == nil }.value
    #expect(failed)
    withKnownIssue {
      stub.value = 1
      // The next use of the stub from the test's task reports what the detached task found.
      #expect((try? stub.get()) == 1)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unstubbed call: answer") }
    }
  }

  @Test func unstubbedCallOnADetachedTask_isCollectedAtTheNextUseInACollector() async {
    let stub = Stub<Int>(label: "answer")
    _ = await Task.detached { try? stub.get() }.value
    let issues = await withIssueCollector {
      _ = stub.get(default: 0)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("Unstubbed call: answer") == true)
    // Reported once: a later use finds nothing left.
    let later = await withIssueCollector { _ = stub.get(default: 0) }
    #expect(later.isEmpty)
  }

  @Test func unstubbedCallOnADetachedTask_isReportedByTheEndOfTestCheck() async {
    await withKnownIssue {
      await withNapkinChecks {
        let stub = Stub<Int>(label: "answer")
        let failed = await Task.detached { (try? stub.get()) == nil }.value
        #expect(failed)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unstubbed call: answer") }
    }
  }

  @Test func unstubbedCallInAUsersMockOnADetachedTask_isReportedByTheEndOfTestCheck() async {
    await withKnownIssue {
      await withNapkinChecks {
        let service = MockLibraryService()
        let thrown = await Task.detached {
          do {
            _ = try await service.createPlaylist(named: "Ribs")
            return false
          } catch {
            return error is UnstubbedCallError
          }
        }.value
        #expect(thrown)
        #expect(service.calls == [.createPlaylist])
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unstubbed call: createdPlaylistID") }
    }
  }

  @Test func serviceMisuseOnADetachedTask_isReportedAtTheNextCallFromTheTestsTask() async {
    let service = MockLibraryService()
    service.hold(.cachedTrackCount)
    _ = await Task.detached { try? service.cachedTrackCount() }.value
    await withKnownIssue {
      _ = try? await service.fetchRecentlyPlayed(page: 0)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("called synchronously") }
    }
    #expect(service.calls == [.cachedTrackCount, .fetchRecentlyPlayed])
  }

  @Test func serviceMisuseOnADetachedTask_isReportedWhenTheTestReadsItsCalls() async {
    let service = MockLibraryService()
    service.hold(.cachedTrackCount)
    _ = await Task.detached { try? service.cachedTrackCount() }.value
    withKnownIssue {
      #expect(service.calls == [.cachedTrackCount])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("called synchronously") }
    }
  }

  @Test func waitTimeoutOnADetachedTask_isReportedWhenTheTestReadsTheRecorder() async {
    let recorder = CallRecorder<Int>("numbers")
    let result = await Task.detached {
      await recorder.waitForCalls(count: 1, timeout: .milliseconds(10))
    }.value
    #expect(!result)
    withKnownIssue {
      #expect(recorder.all.isEmpty)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Timed out") }
    }
  }
}
