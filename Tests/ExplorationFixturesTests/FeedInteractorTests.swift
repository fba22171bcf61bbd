import ExplorationFixtures
import NapkinTesting
import Synchronization
import Testing

nonisolated enum FeedMethod: Hashable, Sendable { case page(Int) }

/// Serves page `n` tagged with the feed's version: every request of page 1 starts a new version.
final class MockFeedService: FeedService, MockService {
  let mock = MockServiceCore<FeedMethod>("MockFeedService")
  private let version = Atomic<Int>(0)

  func page(_ number: Int) async throws -> [String] {
    let current =
      number == 1
      ? version.add(1, ordering: .relaxed).newValue : version.load(ordering: .relaxed)
    try await throwIfFailing(.page(number))
    return ["v\(current)p\(number)"]
  }
}

@Suite struct FeedInteractorTests {
  @Test func handWritten_loadMoreThenRefresh_passesOnTheBuggyInteractor() async {
    let service = MockFeedService()
    let sut = FeedInteractor(service: service)
    await sut.refresh()
    await sut.loadMore()
    #expect(await sut.items == ["v1p1", "v1p2"])
    await sut.refresh()
    #expect(await sut.items == ["v2p1"])
    #expect(service.calls.count == 3)
  }

  @Test func exploration_findsPage2AppendedToTheRefreshedList() async {
    let order = await expectExplorationFinds { scenario in
      await Self.refreshDuringLoad(scenario, versioned: false)
    }
    #expect(order == "more refresh page(1)#1✓ page(2)#1✓")
  }

  @Test func exploration_ofTheVersionedInteractor_passesEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.refreshDuringLoad(scenario, versioned: true)
    }
    // every order of two requests and their two answers, but not exhaustive: the setup's page 1
    // ran before `answers`, and the report says the explorer never held it
    #expect(report.passed && !report.isExhaustive)
    #expect(report.summary.hasPrefix("depth-first: all 6 orders it reached"), "\(report)")
    #expect(report.summary.contains("Not explored: `page(1)#1` ran before"), "\(report)")
  }

  static func refreshDuringLoad(_ scenario: Scenario, versioned: Bool) async {
    let service = MockFeedService()
    let buggy = FeedInteractor(service: service)
    let fixed = VersionedFeedInteractor(service: service)
    // Page 1 is on screen before the scenario starts.
    if versioned { await fixed.refresh() } else { await buggy.refresh() }
    let sut: any Interactable = versioned ? fixed : buggy
    scenario.watch(sut)
    scenario.answers(service, .page(1))
    scenario.answers(service, .page(2))
    scenario.action("refresh", on: sut) {
      if versioned { await fixed.refresh() } else { await buggy.refresh() }
    }
    scenario.action("more", on: sut) {
      if versioned { await fixed.loadMore() } else { await buggy.loadMore() }
    }
    scenario.expect("the list shows one version of the feed") {
      let items = versioned ? await fixed.items : await buggy.items
      _ = service.calls.count
      return Set(items.map { $0.prefix(2) }).count == 1
    }
  }
}
