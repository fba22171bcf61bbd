import DeepCutAtlas
import NapkinTesting
import Testing

/// A failing order found on a main-actor view model replays the same way every time.
@MainActor
@Suite struct ViewModelReplayTests {
  /// Two refreshes of ``LoadingFlagViewModel``, whose flag must be up exactly while a request is
  /// held.
  nonisolated static func twoRefreshes(_ scenario: Scenario) async {
    let service = MockLibraryService()
    service.recentlyPlayedPages.value = Fixtures.feed(pages: 1)
    let vm = await LoadingFlagViewModel(service: service)
    scenario.answers(service, .fetchRecentlyPlayed)
    scenario.action("refresh") { await vm.refresh() }
    scenario.action("refresh") { await vm.refresh() }
    scenario.invariant("loading while a request is held") {
      let held = service.heldCount(of: .fetchRecentlyPlayed) > 0
      return await vm.isLoading == held
    }
    scenario.expect("every request read") {
      _ = service.calls.count
      _ = service.requests.all
      return true
    }
  }

  @Test func failingOrder_replays100TimesOutOf100() async throws {
    var found: ExplorationReport?
    let issues = await withIssueCollector {
      found = await explore(strategy: .exhaustive(), Self.twoRefreshes)
    }
    let order = try #require(found?.failingOrder)
    // Found where no hop is held: the first refresh went on past its awaits, the second started.
    #expect(
      order
        == "refresh#1 refresh#1.1 refresh#1.2 fetchRecentlyPlayed#1✓ refresh#1.3 refresh#2 "
        + "refresh#1.4 refresh#2.1 refresh#1.5 refresh#2.2")
    let first = try #require(issues.first?.message)
    #expect(first.contains("The invariant \"loading while a request is held\" did not hold"))
    var same = 0
    for _ in 0..<100 {
      var replayed: ExplorationReport?
      let again = await withIssueCollector {
        replayed = await explore(replay: order, Self.twoRefreshes)
      }
      if replayed?.failingOrder == order, again.count == 1,
        again[0].message.contains("did not hold after `\(order)`")
      {
        same += 1
      }
    }
    #expect(same == 100)
  }
}

/// A view model with a planted bug: each refresh lowers the loading flag when it ends, even while
/// another refresh is still waiting for its answer. It calls its service through a main-actor
/// helper taking a closure, as the example's view models do.
@MainActor
final class LoadingFlagViewModel {
  private let service: MockLibraryService
  private(set) var isLoading = false
  private(set) var items: [Track] = []

  init(service: MockLibraryService) {
    self.service = service
  }

  func refresh() async {
    isLoading = true
    if let page = await Self.fetch({ try await self.service.fetchRecentlyPlayed(page: 1) }) {
      items = page.items
    }
    isLoading = false
  }

  private static func fetch(_ body: () async throws -> Page<Track>) async -> Page<Track>? {
    try? await body()
  }
}
