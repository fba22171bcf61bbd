import NapkinTesting
import Testing

/// The statement service: one method the explorer answers.
private enum StatementMethod: Hashable, Sendable { case statement }

private final class MockStatements: MockService {
  let mock = MockServiceCore<StatementMethod>("MockStatements")

  func statement() async throws -> String {
    try await throwIfFailing(.statement)
    return "£12.50"
  }
}

/// An interactor whose activation binds two tasks: a session that expires after 120 s on its
/// clock, and a statement load. The planted bug shows a statement that arrives after expiry.
private final actor StatementInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let service: MockStatements
  let clock: MockClock
  let rechecksExpiry: Bool
  private(set) var expired = false
  private(set) var shownAfterExpiry = false

  init(service: MockStatements, clock: MockClock, rechecksExpiry: Bool) {
    self.service = service
    self.clock = clock
    self.rechecksExpiry = rechecksExpiry
  }

  func didBecomeActive() async {
    task {
      guard (try? await self.clock.sleep(for: .seconds(120))) != nil else { return }
      self.expire()
    }
    task {
      guard let statement = try? await self.service.statement() else { return }
      self.show(statement)
    }
  }

  private func expire() { expired = true }

  private func show(_ statement: String) {
    if rechecksExpiry, expired { return }
    if expired { shownAfterExpiry = true }
  }
}

/// A scenario needs no `watch`: an interactor activated inside it is watched by the run.
@Suite struct ExploringWithoutWatchTests {
  private static func scenario(
    _ scenario: Scenario, rechecksExpiry: Bool, watching: Bool
  ) async {
    let service = MockStatements()
    let clock = MockClock("session")
    let sut = StatementInteractor(service: service, clock: clock, rechecksExpiry: rechecksExpiry)
    scenario.answers(service, .statement)
    scenario.advances(clock)
    await sut.activate()
    if watching { scenario.watch(sut) }
    scenario.expect("no statement shown after the session expired") {
      _ = service.calls.count
      return await !sut.shownAfterExpiry
    }
  }

  @Test func correctVariant_withoutWatch_passesEveryTime_withTheCountOfAWatchedOne() async {
    let watched = await explore(strategy: .exhaustive()) { scenario in
      await Self.scenario(scenario, rechecksExpiry: true, watching: true)
    }
    #expect(watched.passed && watched.isExhaustive)
    #expect(watched.orders == 2, "\(watched)")
    for _ in 0..<20 {
      var report: ExplorationReport?
      let issues = await withIssueCollector {
        report = await explore(strategy: .exhaustive()) { scenario in
          await Self.scenario(scenario, rechecksExpiry: true, watching: false)
        }
      }
      #expect(issues.isEmpty, "\(issues.map(\.message))")
      #expect(report?.isExhaustive == true)
      #expect(report?.orders == watched.orders)
    }
  }

  @Test func buggyVariant_withoutWatch_failsWithTheSameOrderEveryTime() async {
    for _ in 0..<20 {
      var report: ExplorationReport?
      _ = await withIssueCollector {
        report = await explore(strategy: .exhaustive()) { scenario in
          await Self.scenario(scenario, rechecksExpiry: false, watching: false)
        }
      }
      #expect(report?.failingOrder == "session→120s statement#1✓")
    }
  }

  /// A call made before its method was registered is not explored, and the report says so.
  @Test func callBeforeItsRegistration_isNamedInTheReport() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockStatements()
      let clock = MockClock("session")
      let sut = StatementInteractor(service: service, clock: clock, rechecksExpiry: true)
      scenario.advances(clock)
      await sut.activate()
      await settle(sut)
      scenario.answers(service, .statement)
      _ = service.calls.count
    }
    #expect(report.passed)
    #expect(
      report.summary.contains(
        "Not explored: `statement#1` ran before `answers(MockStatements, .statement)`, so the "
          + "explorer never held it: register with `answers` before activating"),
      "\(report.summary)")
    // A report that did not explore a call claims no exhaustiveness.
    #expect(!report.isExhaustive)
    #expect(report.summary.hasPrefix("depth-first: all 1 order it reached"), "\(report.summary)")
  }

  /// A scenario that fails before any event shows no empty order and no replay of one.
  @Test func failureBeforeAnyEvent_saysNoEventWasReady() async {
    let issues = await withIssueCollector {
      await explore(strategy: .exhaustive()) { scenario in
        scenario.expect("fails on purpose") { false }
      }
    }
    let message = issues.first?.message ?? ""
    #expect(issues.count == 1)
    #expect(message.contains("(no event was ready when the scenario started)"))
    #expect(!message.contains("explore(replay: \"\")"))
  }
}
