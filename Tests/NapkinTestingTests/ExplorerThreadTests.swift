import NapkinTesting
import Testing

/// A global actor other than the main actor, for a test isolated to it.
@globalActor actor ExplorerTestActor {
  static let shared = ExplorerTestActor()
}

/// A main-actor model an action updates between two awaits of its interactor.
@MainActor final class ShownCount {
  var value = 0
}

/// Where the explorer runs its actions' jobs must not change what it finds: from the main actor,
/// from another global actor, with actions that hop to the main actor and back.
@Suite struct ExplorerThreadTests {
  static func lostUpdateThroughTheMainActor(_ scenario: Scenario, shown: ShownCount) async {
    let service = MockProfileService()
    let sut = CounterInteractor(service: service)
    scenario.watch(sut)
    scenario.answers(service, .orders)
    for _ in 0..<2 {
      scenario.action("inc", on: sut) {
        await sut.increment()
        let count = await sut.count
        await MainActor.run { shown.value = count }
      }
    }
    scenario.expect("both increments count, and the main actor shows it") {
      _ = service.calls.count
      let shownValue = await MainActor.run { shown.value }
      return await sut.count == 2 && shownValue == 2
    }
  }

  @MainActor @Test func fromTheMainActor_anActionHoppingToIt_findsTheLostUpdate() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        await Self.lostUpdateThroughTheMainActor(scenario, shown: ShownCount())
      }
    }
    #expect(report?.failingOrder == "inc#1 inc#2 orders#1✓ orders#2✓")
    #expect(issues.count == 1)
  }

  @ExplorerTestActor @Test func fromAnotherGlobalActor_anActionOnTheMainActor_findsIt() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        await Self.lostUpdateThroughTheMainActor(scenario, shown: ShownCount())
      }
    }
    #expect(report?.failingOrder == "inc#1 inc#2 orders#1✓ orders#2✓")
    #expect(issues.count == 1)
  }

  @MainActor @Test func fromTheMainActor_theFixedCounter_passesInEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockProfileService()
      let sut = CounterInteractor(service: service)
      let shown = ShownCount()
      scenario.watch(sut)
      scenario.answers(service, .orders)
      for _ in 0..<2 {
        scenario.action("inc", on: sut) {
          await sut.incrementAtomically()
          let count = await sut.count
          await MainActor.run { shown.value = max(shown.value, count) }
        }
      }
      scenario.expect("both increments count, and the main actor shows it") {
        _ = service.calls.count
        let shownValue = await MainActor.run { shown.value }
        return await sut.count == 2 && shownValue == 2
      }
    }
    #expect(report.passed)
    #expect(report.orders == 6)
  }
}
