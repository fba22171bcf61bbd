import NapkinTesting
import Testing

private enum AuthCall: Equatable, Sendable { case login, logout }
private enum ScreenCall: Equatable, Sendable { case loading, user(String) }

@Suite struct TimelineTests {
  @Test func callsOfSeveralMocks_appearOnOneTimeline_inTheOrderTheyHappened() async {
    await withNapkinChecks {
      let auth = CallRecorder<AuthCall>("auth")
      let screen = CallRecorder<ScreenCall>("screen")
      let stream = MockStream<Int>(label: "scores")
      screen.record(.loading)
      auth.record(.login)
      stream.send(7)
      screen.record(.user("Ada"))
      #expect(
        Timeline.current?.events.map(\.description) == [
          "screen loading", "auth login", "scores sent 7", "screen user(\"Ada\")",
        ])
      #expect(Timeline.current?.events.map(\.index) == [1, 2, 3, 4])
      _ = (auth.all, screen.all)
    }
  }

  @Test func expectInOrder_acrossMocks_passesWhenTheStepsHappenedInOrder() async {
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let auth = CallRecorder<AuthCall>("auth")
        let screen = CallRecorder<ScreenCall>("screen")
        screen.record(.loading)
        auth.record(.login)
        screen.record(.user("Ada"))
        #expect(expectInOrder(auth.event(.login), screen.event(.user("Ada"))))
        #expect(expectInOrder(screen.event(.loading), screen.event(where: { $0 != .loading })))
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func expectInOrder_reversed_reportsTheStepAndTheTranscript() async {
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let auth = CallRecorder<AuthCall>("auth", exhaustive: false)
        let screen = CallRecorder<ScreenCall>("screen", exhaustive: false)
        screen.record(.user("Ada"))
        auth.record(.login)
        #expect(!expectInOrder(auth.event(.login), screen.event(.user("Ada"))))
      }
    }
    #expect(
      issues.map(\.message) == [
        "Out of order: step 2, screen user(\"Ada\"), was recorded only before the step before "
          + "it. Expected auth login, then screen user(\"Ada\"). The test's timeline:\n"
          + "  1. screen user(\"Ada\")\n  2. auth login"
      ])
  }

  @Test func expectInOrder_matchesOnlyTheRecorderItNames() async {
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let first = CallRecorder<AuthCall>("first", exhaustive: false)
        let second = CallRecorder<AuthCall>("second", exhaustive: false)
        first.record(.login)
        #expect(!expectInOrder(second.event(.login)))
      }
    }
    #expect(issues.first?.message.contains("step 1, second login, was never recorded") == true)
  }

  @Test func expectInOrder_outsideChecks_reportsThatNothingRecordsATimeline() async {
    let issues = await withIssueCollector {
      #expect(!expectInOrder())
    }
    #expect(issues.first?.message.contains("expectInOrder was called outside") == true)
  }

  @Test func expectInAnyOrder_sameCallsInAnotherOrder_passes() async {
    let calls = CallRecorder<Int>("pages")
    for page in [3, 1, 2, 1] { calls.record(page) }
    let issues = await withIssueCollector {
      #expect(expectInAnyOrder(calls, [1, 1, 2, 3]))
    }
    #expect(issues.isEmpty)
  }

  @Test func expectInAnyOrder_reportsWhatIsMissingAndWhatIsExtra() async {
    let calls = CallRecorder<Int>("pages")
    for page in [3, 1, 1] { calls.record(page) }
    let issues = await withIssueCollector {
      #expect(!expectInAnyOrder(calls, [1, 2, 3]))
    }
    #expect(
      issues.map(\.message) == [
        "pages did not receive the expected calls in any order: missing [2]; extra [1]."
      ])
  }

  @Test(.napkinChecks) func aTimeoutReportedToTheTest_endsWithTheLastEvents() async {
    let screen = CallRecorder<ScreenCall>("screen", exhaustive: false)
    screen.record(.loading)
    await withKnownIssue {
      await screen.waitForCall(.user("Ada"), timeout: .zero)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasSuffix("Last events of this test:\n  1. screen loading")
      }
    }
  }

  @Test func manyTasksAppending_loseNothing_andNumberEveryEventOnce() async {
    await withNapkinChecks {
      let calls = CallRecorder<Int>("ticks", exhaustive: false)
      await withTaskGroup(of: Void.self) { group in
        for task in 0..<20 {
          group.addTask { for value in 0..<100 { calls.record(task * 100 + value) } }
        }
      }
      let events = Timeline.current?.events ?? []
      #expect(events.count == 2_000)
      #expect(events.map(\.index) == Array(1...2_000))
      #expect(Set(events.compactMap { $0.value as? Int }) == Set(0..<2_000))
    }
  }

  @Test func manyTasksOnManyRecorders_keepEachRecordersOrderOnTheTimeline() async {
    await withNapkinChecks {
      let recorders = (0..<8).map { CallRecorder<Int>("r\($0)", exhaustive: false) }
      let stream = MockStream<Int>(label: "s")
      await withTaskGroup(of: Void.self) { group in
        for (task, recorder) in recorders.enumerated() {
          group.addTask {
            for value in 0..<250 {
              recorder.record(value)
              if value % 50 == 0 { stream.send(task) }
            }
          }
        }
      }
      let events = Timeline.current?.events ?? []
      #expect(events.count == 8 * 250 + 8 * 5)
      for recorder in recorders {
        let own = events.filter { $0.source == recorder.label }.compactMap { $0.value as? Int }
        #expect(own == Array(0..<250), "\(recorder.label) out of order on the timeline")
        #expect(recorder.all == own)
      }
    }
  }

  @Test func aRecorderReleasedDuringTheTest_keepsItsCallsOnTheTimeline() async {
    await withNapkinChecks {
      do {
        let gone = CallRecorder<AuthCall>("gone", exhaustive: false)
        gone.record(.login)
      }
      let kept = CallRecorder<AuthCall>("kept")
      kept.record(.logout)
      #expect(Timeline.current?.events.map(\.description) == ["gone login", "kept logout"])
      #expect(kept == [.logout])
    }
  }

  @Test func callsForgottenByReset_stayOnTheTimeline() async {
    await withNapkinChecks {
      let auth = CallRecorder<AuthCall>("auth", exhaustive: false)
      auth.record(.login)
      auth.reset()
      auth.record(.logout)
      #expect(auth.all == [.logout])
      #expect(Timeline.current?.events.map(\.description) == ["auth login", "auth logout"])
    }
  }

  @Test func expectInOrder_afterReset_ignoresTheCallsResetDiscarded() async {
    await withNapkinChecks {
      let auth = CallRecorder<AuthCall>("auth", exhaustive: false)
      let router = CallRecorder<AuthCall>("router", exhaustive: false)
      auth.record(.login)
      router.record(.logout)
      auth.reset()
      router.record(.login)
      let issues = await withIssueCollector {
        // The only login before a router call was discarded by reset(): the order is not there.
        expectInOrder(auth.event(.login), router.event(.login))
      }
      #expect(issues.count == 1)
      #expect(issues.first?.message.contains("never recorded") == true)
      #expect(issues.first?.message.contains("auth login (discarded by reset())") == true)
      auth.record(.login)
      #expect(expectInOrder(router.event(.login), auth.event(.login)))
      #expect(Timeline.current?.events.map(\.isDiscarded) == [true, false, false, false])
    }
  }

  @Test func objectsCreatedOutsideChecks_recordNoTimeline() {
    #expect(Timeline.current == nil)
  }
}
