import NapkinMutex
import NapkinTesting
import Testing

/// Every bad input to `explore` and its scenario is a clear failure at the test's line, naming the
/// mistake and what to do, and no order runs.
@Suite struct ExplorationMisuseTests {
  /// Runs `explore` with `strategy` and `replay` on the lost-update scenario; returns the issues,
  /// the report, how many times the closure ran, and the line of the call.
  private func misused(
    strategy: ExplorationStrategy = .automatic, replay: String? = nil,
    _ body: @escaping (Scenario) async -> Void = ExploreTests.lostUpdate
  ) async -> (issues: [NapkinIssue], report: ExplorationReport?, bodies: Int, line: UInt) {
    var report: ExplorationReport?
    var bodies = 0
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      report = await explore(strategy: strategy, replay: replay) { scenario in
        bodies += 1
        await body(scenario)
      }
    }
    return (issues, report, bodies, line)
  }

  private func expectRefused(
    _ result: (issues: [NapkinIssue], report: ExplorationReport?, bodies: Int, line: UInt),
    saying message: String, bodies: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.issues.map(\.message) == [message], sourceLocation: sourceLocation)
    #expect(result.issues.first?.site.line == result.line, sourceLocation: sourceLocation)
    #expect(result.report?.passed == false, sourceLocation: sourceLocation)
    #expect(result.report?.orders == 0, sourceLocation: sourceLocation)
    #expect(result.bodies == bodies, "the closure ran", sourceLocation: sourceLocation)
  }

  @Test func emptyReplay_isRefusedBeforeAnyRun() async {
    for replay in ["", "  \n "] {
      expectRefused(
        await misused(replay: replay),
        saying: "explore(replay:) was given an empty order, so there is nothing to replay: pass "
          + "the order string a failure printed, such as \"tap#1 login#1✓\", or leave out replay "
          + "to explore every order.")
    }
  }

  @Test(arguments: [
    (ExplorationStrategy.random(seed: 1, runs: 0), "runs", 0),
    (.random(seed: 1, runs: -5), "runs", -5),
    (.pct(seed: 1, runs: -1, depth: 0), "runs", -1),
    (.pct(seed: 1, runs: 3, depth: 0), "depth", 0),
    (.exhaustive(budget: 0), "budget", 0),
    (.exhaustive(budget: -1), "budget", -1),
    (.automatic(budget: 0), "budget", 0),
  ])
  func countBelowOne_isRefusedBeforeAnyRun(strategy: ExplorationStrategy, name: String, value: Int)
    async
  {
    expectRefused(
      await misused(strategy: strategy),
      saying: "explore(strategy: .\(strategy)): \(name) must be at least 1 (it is \(value)), so "
        + "nothing was explored: pass \(name): 1 or more.")
  }

  @Test func strategyWithReplay_isRefused() async {
    expectRefused(
      await misused(strategy: .random(seed: 9, runs: 50), replay: "inc#1"),
      saying: "explore(strategy:replay:) was given both a strategy (.random(seed: 9, runs: 50)) "
        + "and an order to replay; a replay runs exactly its order, so the strategy would be "
        + "ignored: pass one of them.")
  }

  @Test func nothingRegistered_isRefused() async {
    expectRefused(
      await misused { _ in },
      saying: "The scenario registered no event and no check (action, answers, sends, advances, "
        + "invariant or expect), so there was nothing to order and nothing to verify: register "
        + "what the test controls and what must hold.", bodies: 1)
  }

  @Test func methodAnsweredTwice_isRefused() async {
    expectRefused(
      await misused { scenario in
        let service = MockProfileService()
        scenario.answers(service, .orders)
        scenario.answers(service, .orders, with: [.success, .cancellation])
        scenario.action("load") { _ = try? await service.orders() }
      },
      saying: "answers(MockProfileService, .orders, with:) registers calls the scenario already "
        + "answers, as an earlier answers(…) in the closure does: register each method once, with "
        + "every answer to try in one with: list.", bodies: 1)
  }

  @Test func sweepAfterAMethod_isRefused() async {
    let result = await misused { scenario in
      let service = MockProfileService()
      scenario.answers(service, .orders)
      scenario.answers(service, with: [.success])
      scenario.expect("true") { true }
    }
    #expect(
      result.issues.first?.message.hasPrefix("answers(MockProfileService, with:) registers") == true
    )
    #expect(result.report?.orders == 0)
  }

  @Test func emptyAnswers_isRefused() async {
    expectRefused(
      await misused { scenario in
        let service = MockProfileService()
        scenario.answers(service, with: [])
        scenario.expect("true") { true }
      },
      saying: "answers(MockProfileService, with:) was given no answer to try ([]), so its calls "
        + "could never be answered: pass at least one, such as [.success], or leave out with: for "
        + "success only.", bodies: 1)
  }

  @Test func scenarioUsedAfterItsExploration_isReportedAtTheExploreLine() async {
    let kept = Mutex<Scenario?>(nil)
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      await explore { scenario in
        kept.withLock { $0 = scenario }
        scenario.expect("true") { true }
      }
      kept.withLock { $0 }?.expect("late") { false }
    }
    #expect(
      issues.map(\.message) == [
        "The scenario of the exploration at NapkinTestingTests/ExplorationMisuseTests.swift:\(line) "
          + "was used after its run ended (expect(\"late\")), so nothing was registered or "
          + "checked: a Scenario is valid only inside explore's closure and the actions it starts; "
          + "register everything there."
      ])
    #expect(issues.first?.site.line == line)
  }

  @Test(arguments: ["zzz#9✓", "inc#1 signOut#1✓", "inc#1 \u{0}junk\u{1F600}"])
  func replayOfAnEventNeverRegistered_saysSo_andBlamesNoCode(order: String) async {
    let result = await misused(replay: order)
    let message = result.issues.first?.message ?? ""
    #expect(message.hasPrefix("explore(replay:) names `"), "\(message)")
    #expect(
      message.hasSuffix(
        ", which is no event of this scenario (it registers `inc`, `orders`), so that order "
          + "cannot happen: replay the order string a failure of this scenario printed."),
      "\(message)")
    #expect(!message.contains("not deterministic") && !message.contains("Replay exactly"))
    #expect(!message.contains("\u{0}"))
    #expect(result.issues.count == 1 && result.report?.passed == false)
  }

  @Test func replayOfTenThousandTokens_givesAShortMessage() async {
    let order = (0..<10_000).map { "zz\($0)#1✓" }.joined(separator: " ")
    let result = await misused(replay: order)
    let message = result.issues.first?.message ?? ""
    #expect(message.hasPrefix("explore(replay:) names `zz0#1✓` (and 9999 more)"), "\(message)")
    #expect(message.count < 500)
  }

  @Test func invariantThatNeverReturns_failsWithinTheTimeout() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(timeout: .milliseconds(200)) { scenario in
        scenario.expect("true") { true }
        scenario.invariant("answers") {
          // Never returns on its own: only the explorer's cancellation ends it.
          try? await Task.sleep(for: .seconds(3_600))
          return true
        }
      }
    }
    #expect(report?.passed == false)
    let message = issues.first?.message ?? ""
    #expect(
      message.contains(
        "The invariant \"answers\" did not return within 0.2 seconds (explore's timeout), after "
          + "the scenario's setup, so the run was stopped: a check should read state and answer, "
          + "not wait for work that may never come."), "\(message)")
  }

  @Test func expectationThatNeverReturns_failsWithinTheTimeout() async {
    let issues = await withIssueCollector {
      await explore(timeout: .milliseconds(200)) { scenario in
        scenario.expect("answers") {
          try? await Task.sleep(for: .seconds(3_600))
          return true
        }
      }
    }
    #expect(
      issues.first?.message.contains(
        "The expectation \"answers\" did not return within 0.2 seconds (explore's timeout), at "
          + "the end") == true)
  }

  @Test func longReplayThatDoesNotReproduce_quotesItBriefly_andDoesNotAdviseReplayingIt() async {
    let order = (["inc#1"] + Array(repeating: "orders#7✓", count: 5_000)).joined(separator: " ")
    let issues = await withIssueCollector {
      await explore(replay: order, ExploreTests.lostUpdate)
    }
    let message = issues.first?.message ?? ""
    #expect(issues.count == 1)
    #expect(
      message.contains(
        "The replay did not reproduce `inc#1 orders#7✓ orders#7✓ orders#7✓ orders#7✓ orders#7✓ "
          + "orders#7✓ orders#7✓ orders#7✓ orders#7✓ orders#7✓ orders#7✓ … (5001 tokens)`: at "
          + "step 2, after `inc#1`, `orders#7✓` was not ready"), "\(message.prefix(600))")
    #expect(!message.contains("Replay exactly"))
    #expect(message.count < 3_000, "\(message.count) characters")
  }
}
