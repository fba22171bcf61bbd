import DeepCutAtlas
import NapkinTesting
import Testing

/// The recently played feed explored: loading, paging and refreshing in every order, from a
/// `@MainActor` suite (the seed's convention) and from a nonisolated one. The explorer must see the
/// same orders every time, and this correct view model passes all of them.
///
/// Each case runs 20 explorations of events only, and one case with the awaits interleaved too;
/// the bar is one order count and no failure. Before the explorer
/// passed through the main actor between its two readings of a point, these found 1 to 10
/// distinct counts per case, and up to 10 failures.
enum RecentlyPlayedExploration {
  /// The actions a case starts.
  enum Actions: String, CaseIterable, Sendable {
    case loadRefresh = "load + refresh"
    case loadMore = "load + more"
    case loadMoreRefresh = "load + more + refresh"
  }

  /// Explores `actions` 20 times; returns the order counts seen and the failures.
  static func exploreRepeatedly(
    _ actions: Actions, answers: [ExploredAnswer], preemptions: Int,
    isolation: isolated (any Actor)? = #isolation
  ) async -> (counts: Set<Int>, failures: [String], restarts: Int) {
    var counts: Set<Int> = []
    var failures: [String] = []
    var restarts = 0
    for _ in 0..<20 {
      var report: ExplorationReport?
      let issues = await withIssueCollector {
        // Written inline, so it runs in the test's isolation, as a user's scenario does.
        report = await explore(
          strategy: .exhaustive().interleavingAwaits(preemptions: preemptions)
        ) { scenario in
          let service = MockLibraryService()
          service.recentlyPlayedPages.value = Fixtures.feed(pages: 3)
          let vm = await RecentlyPlayedViewModel(service: service)
          scenario.answers(service, .fetchRecentlyPlayed, with: answers)
          scenario.action("load") { await vm.load() }
          if actions != .loadRefresh { scenario.action("more") { await vm.loadMore() } }
          if actions != .loadMore { scenario.action("refresh") { await vm.refresh() } }
          let shown = Shown()
          scenario.invariant("content never disappears once shown") {
            await MainActor.run { shown.check(vm.items.isEmpty) }
          }
          scenario.invariant("no failure state while content shows") {
            await MainActor.run {
              if case .failed = vm.state { vm.items.isEmpty } else { true }
            }
          }
          scenario.expect("every request read") {
            _ = service.calls.count
            _ = service.requests.all
            return true
          }
        }
      }
      if let report {
        counts.insert(report.orders)
        if report.summary.contains("started over") { restarts += 1 }
      }
      failures += issues.map(\.message)
    }
    return (counts, failures, restarts)
  }

  /// Explores `actions` 20 times in the caller's isolation and expects one order count and no
  /// failure.
  static func expectOneCountAndNoFailure(
    _ actions: Actions, everyOutcome: Bool, preemptions: Int = 0,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (counts, failures, restarts) = await exploreRepeatedly(
      actions, answers: everyOutcome ? outcomes : [.success], preemptions: preemptions)
    #expect(
      counts.count == 1, "order counts over 20 runs: \(counts.sorted())",
      sourceLocation: sourceLocation)
    #expect(
      failures.isEmpty, "\(failures.count) failures; the first: \(failures.first ?? "")",
      sourceLocation: sourceLocation)
    // The explorer waits for the main actor's pending jobs, so it never has to start over.
    #expect(
      restarts == 0, "\(restarts) of 20 explorations started over", sourceLocation: sourceLocation)
  }

  static let outcomes: [ExploredAnswer] = [
    .success, .failure(LibraryError.offline), .cancellation,
  ]
}

@MainActor
@Suite
struct RecentlyPlayedMainActorExplorationTests {
  @Test(arguments: RecentlyPlayedExploration.Actions.allCases, [false, true])
  func explored20Times_oneCount_noFailure(
    actions: RecentlyPlayedExploration.Actions, everyOutcome: Bool
  ) async {
    await RecentlyPlayedExploration.expectOneCountAndNoFailure(actions, everyOutcome: everyOutcome)
  }

  // The same with the awaits interleaved (the default), on the smallest case: still one count.
  @Test func explored20Times_withAwaits_oneCount_noFailure() async {
    await RecentlyPlayedExploration.expectOneCountAndNoFailure(
      .loadRefresh, everyOutcome: false, preemptions: 1)
  }
}

@Suite
struct RecentlyPlayedNonisolatedExplorationTests {
  @Test(arguments: RecentlyPlayedExploration.Actions.allCases, [false, true])
  func explored20Times_oneCount_noFailure(
    actions: RecentlyPlayedExploration.Actions, everyOutcome: Bool
  ) async {
    await RecentlyPlayedExploration.expectOneCountAndNoFailure(actions, everyOutcome: everyOutcome)
  }

  // The same with the awaits interleaved (the default), on the smallest case: still one count.
  @Test func explored20Times_withAwaits_oneCount_noFailure() async {
    await RecentlyPlayedExploration.expectOneCountAndNoFailure(
      .loadRefresh, everyOutcome: false, preemptions: 1)
  }
}
