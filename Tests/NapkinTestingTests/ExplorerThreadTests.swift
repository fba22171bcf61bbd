import Foundation
import Testing

@testable import NapkinTesting

/// A global actor other than the main actor, for a test isolated to it.
@globalActor actor ExplorerTestActor {
  static let shared = ExplorerTestActor()
}

/// A main-actor model an action updates between two awaits of its interactor.
@MainActor final class ShownCount {
  var value = 0
}

/// Where the explorer runs its actions' jobs must not change what it finds: from the main actor,
/// from another global actor, from a detached task, two at once, with actions that hop to the main
/// actor and back.
@Suite struct ExplorerThreadTests {
  /// Whether `NAPKIN_MAIN_EXECUTOR=off` left the main actor unwatched (`make main-executor-off`):
  /// then the actions' hops are not held, and only events are ordered.
  static let mainActorWatched =
    WatchedMainExecutor.turnsOff(
      ProcessInfo.processInfo.environment[WatchedMainExecutor.variable] ?? "") != true

  /// The lost update's first failing order: with the hops back to the main actor where they are
  /// held.
  static let lostUpdateOrder =
    mainActorWatched
    ? "inc#1 inc#2 orders#1✓ inc#1.1 orders#2✓ inc#2.1" : "inc#1 inc#2 orders#1✓ orders#2✓"

  /// Two increments (the lost update's, or `fixed`) that each show the count on the main actor.
  static func incrementsThroughTheMainActor(
    _ scenario: Scenario, shown: ShownCount, fixed: Bool = false
  ) async {
    let service = MockProfileService()
    let sut = CounterInteractor(service: service)
    scenario.watch(sut)
    scenario.answers(service, .orders)
    for _ in 0..<2 {
      scenario.action("inc", on: sut) {
        if fixed { await sut.incrementAtomically() } else { await sut.increment() }
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

  /// Explores the lost update from the caller's isolation: the failing order and how many issues
  /// it reported.
  static func exploreTheLostUpdate(
    isolation: isolated (any Actor)? = #isolation
  ) async -> (order: String?, issues: Int) {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive()) { scenario in
        await Self.incrementsThroughTheMainActor(scenario, shown: ShownCount())
      }
    }
    return (report?.failingOrder, issues.count)
  }

  @MainActor @Test func fromTheMainActor_anActionHoppingToIt_findsTheLostUpdate() async {
    let found = await Self.exploreTheLostUpdate()
    #expect(found.order == Self.lostUpdateOrder)
    #expect(found.issues == 1)
  }

  @ExplorerTestActor @Test func fromAnotherGlobalActor_anActionOnTheMainActor_findsIt() async {
    let found = await Self.exploreTheLostUpdate()
    #expect(found.order == Self.lostUpdateOrder)
    #expect(found.issues == 1)
  }

  @Test func fromADetachedTask_andTwoExplorationsAtOnce_eachFindsIt() async {
    let detached = await Task.detached { await Self.exploreTheLostUpdate() }.value
    async let first = Self.exploreTheLostUpdate()
    async let second = Self.exploreTheLostUpdate()
    let both = await [first, second]
    for found in [detached] + both {
      #expect(found.order == Self.lostUpdateOrder)
      #expect(found.issues == 1)
    }
  }

  @MainActor @Test func fromTheMainActor_theFixedCounter_passesInEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.incrementsThroughTheMainActor(scenario, shown: ShownCount(), fixed: true)
    }
    #expect(report.passed)
    // Events and the actions' hops back to the main actor, with 1 preemption: 12; 6 orders of
    // events alone, where the main actor is not watched.
    #expect(report.orders == (Self.mainActorWatched ? 12 : 6))
  }
}
