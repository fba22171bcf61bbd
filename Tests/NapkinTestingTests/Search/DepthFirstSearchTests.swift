import Testing

@testable import NapkinTesting

/// Depth-first search with dynamic partial-order reduction and sleep sets, on fake event trees: no
/// actor, no runtime.
@Suite struct DepthFirstSearchTests {
  @Test func dependentEvents_runsEveryOrderOnce() {
    let tree = FakeEventTree([["a"], ["b"], ["c"]], independent: false)
    var search = DepthFirstSearch(budget: 100)
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(mismatch == nil)
    #expect(orders == tree.allOrders)
    #expect(orders.count == 6)
    #expect(search.isComplete && search.skipped == 0)
  }

  @Test func dependentSources_runsEveryInterleavingInDepthFirstOrder() {
    let tree = FakeEventTree([["a1", "a2"], ["b1", "b2"]], independent: false)
    var search = DepthFirstSearch(budget: 100)
    let (orders, _) = tree.orders(of: &search)
    #expect(
      orders.map { $0.joined(separator: " ") } == [
        "a1 a2 b1 b2", "a1 b1 a2 b2", "a1 b1 b2 a2", "b1 a1 a2 b2", "b1 a1 b2 a2", "b1 b2 a1 a2",
      ])
    #expect(search.isComplete)
  }

  @Test func threeIndependentEvents_runOneOrder() {
    let tree = FakeEventTree([["a"], ["b"], ["c"]], independent: true)
    var search = DepthFirstSearch(budget: 100)
    let (orders, _) = tree.orders(of: &search)
    // No two events race, so no point needs a second event: every other order only swaps them.
    #expect(orders.map { $0.joined(separator: " ") } == ["a b c"])
    #expect(search.skipped == 3)
    #expect(search.isComplete)
  }

  @Test(arguments: 1...5)
  func kIndependentScreens_runOneOrder_whateverK(_ k: Int) {
    // Each screen: a tap, its hop, its answer, all on its own interactor.
    let tree = FakeEventTree(
      (0..<k).map { ["tap\($0)", "tap\($0).1", "save\($0)✓"] }, objects: Array(0..<k))
    var search = DepthFirstSearch(budget: 10_000)
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(mismatch == nil && search.isComplete)
    #expect(orders.count == 1)
  }

  @Test func kSavesOnOneScreen_keepEveryDistinctOrder() {
    let tree = FakeEventTree([["s1", "s1✓"], ["s2", "s2✓"], ["s3", "s3✓"]], objects: [0, 0, 0])
    var search = DepthFirstSearch(budget: 10_000)
    let (orders, _) = tree.orders(of: &search)
    #expect(orders == tree.allOrders)
    #expect(orders.count == 90)
  }

  @Test(arguments: 0..<30)
  func randomTrees_coverEveryOrderUpToSwapsOfIndependentEvents(_ seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 1)
    let sources = Int.random(in: 2...3, using: &generator)
    let tokens = (0..<sources).map { source in
      (0..<Int.random(in: 1...2, using: &generator)).map { "e\(source).\($0)" }
    }
    let objects: [Int?] = (0..<sources).map { _ in
      let object = Int.random(in: 0...3, using: &generator)
      return object == 3 ? nil : object
    }
    let tree = FakeEventTree(tokens, objects: objects)
    var search = DepthFirstSearch(budget: 100_000)
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(mismatch == nil && search.isComplete)
    for order in tree.allOrders {
      #expect(orders.contains { tree.areEquivalent($0, order) }, "\(tokens) \(objects): \(order)")
    }
    #expect(Set(orders).count == orders.count)
  }

  @Test(
    arguments: [
      ([["a1", "a2"], ["b1"], ["c1"]], [0, 0, 1]),
      ([["a1", "a2"], ["b1", "b2"], ["c1"]], [0, 1, 1]),
      ([["a1"], ["b1", "b2"], ["c1"], ["d1"]], [0, 1, 0, 2]),
      ([["a1", "a2"], ["b1"], ["c1", "c2"]], [0, nil, 2]),
    ] as [([[String]], [Int?])])
  func mixedTrees_coverEveryOrderUpToSwapsOfIndependentEvents(
    tokens: [[String]], objects: [Int?]
  ) {
    let tree = FakeEventTree(tokens, objects: objects)
    var search = DepthFirstSearch(budget: 10_000)
    let (orders, mismatch) = tree.orders(of: &search)
    let all = tree.allOrders
    #expect(mismatch == nil && search.isComplete)
    // Sound: every order of the tree is one run, up to swapping independent events.
    for order in all {
      #expect(orders.contains { tree.areEquivalent($0, order) }, "no run covers \(order)")
    }
    // Every run is an order of the tree, none twice, and the reduction ran fewer than all.
    #expect(Set(orders).isSubset(of: Set(all)) && Set(orders).count == orders.count)
    #expect(orders.count < all.count)
    #expect(orders.count + search.skipped <= all.count)
  }

  @Test func boundedLostUpdate_reachesTheOrderThatPreemptsAtTheFirstHop() {
    let tree = FakeEventTree(
      [["add1", "add1.1", "add1.2"], ["add2", "add2.1", "add2.2"]], objects: [0, 0],
      preemptions: 1)
    var search = DepthFirstSearch(budget: 10_000)
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(mismatch == nil && search.isComplete)
    let lost = "add1 add2 add1.1 add2.1 add1.2 add2.2".split(separator: " ").map(String.init)
    #expect(tree.allOrders.contains(lost))
    #expect(orders.contains(lost))
    #expect(Set(orders) == Set(tree.allOrders))
  }

  @Test(arguments: 1...4)
  func kIndependentScreensWithHops_runOneOrder_withinTheBound(_ k: Int) {
    let tree = FakeEventTree(
      (0..<k).map { ["tap\($0)", "tap\($0).1", "save\($0)✓", "tap\($0).2"] },
      objects: Array(0..<k), preemptions: 1)
    var search = DepthFirstSearch(budget: 10_000)
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(mismatch == nil && search.isComplete)
    #expect(orders.count == 1)
  }

  /// 200 seeded trees in one test that yields between them: as 200 test cases, each CPU-bound
  /// without a suspension, they held the cooperative threads long enough for other tests' 10 s
  /// waits to time out on a loaded machine.
  @Test func boundedRandomTrees_coverEveryOrderWithinTheBound() async {
    for seed in 0..<200 {
      Self.checkBoundedRandomTree(seed: seed)
      await Task.yield()
    }
  }

  private static func checkBoundedRandomTree(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 101)
    let sources = Int.random(in: 2...3, using: &generator)
    let tokens = (0..<sources).map { source in
      ["e\(source)"] + (1...Int.random(in: 1...2, using: &generator)).map { "e\(source).\($0)" }
    }
    let objects: [Int?] = (0..<sources).map { _ in
      let object = Int.random(in: 0...3, using: &generator)
      return object == 3 ? nil : object
    }
    let bound = seed % 3
    let tree = FakeEventTree(tokens, objects: objects, preemptions: bound)
    var search = DepthFirstSearch(budget: 100_000)
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(mismatch == nil && search.isComplete)
    let all = tree.allOrders
    for order in all {
      #expect(
        orders.contains { tree.areEquivalent($0, order) },
        "seed \(seed): \(tokens) \(objects) bound \(bound): no run covers \(order)")
    }
    #expect(Set(orders).isSubset(of: Set(all)) && Set(orders).count == orders.count)
  }

  @Test func withoutRaces_sleepSetsAloneSkipOnlyTheCommutingBranches() {
    let tree = FakeEventTree([["a"], ["b"], ["c"]], independent: true)
    var search = DepthFirstSearch(budget: 100, reducesByRaces: false)
    let (orders, _) = tree.orders(of: &search)
    // Below `b` the branch `a` is asleep (a b ≡ b a was run), and below `c` both are.
    #expect(orders.map { $0.joined(separator: " ") } == ["a b c", "a c b", "b c a", "c a b"])
    #expect(search.skipped == 2)
    #expect(search.isComplete)
  }

  @Test func budget_stopsBeforeTheSpaceIsCovered() {
    let tree = FakeEventTree([["a"], ["b"], ["c"]], independent: false)
    var search = DepthFirstSearch(budget: 4)
    let (orders, _) = tree.orders(of: &search)
    #expect(orders.count == 4)
    #expect(!search.isComplete)
  }

  @Test func aReplayedPointWithOtherEvents_isADivergence() {
    let tree = FakeEventTree([["a"], ["b"]], independent: false)
    var search = DepthFirstSearch(budget: 100)
    // The second run, replaying `b`'s branch from the root, finds `c` ready as well.
    let (orders, mismatch) = tree.orders(of: &search) { run, path in
      let events = tree.ready(after: path)
      return run == 1 && path.isEmpty ? events + [SearchEvent(token: "c")] : events
    }
    #expect(orders.count == 2)
    #expect(
      mismatch
        == .diverged(
          Divergence(step: 0, prefix: ["b"], recorded: ["a", "b"], now: ["a", "b", "c"])))
  }

  @Test func aRunEndingWhereTheRecordedOneWentOn_isADivergence() {
    let tree = FakeEventTree([["a", "a2"], ["b"]], independent: false)
    var search = DepthFirstSearch(budget: 100)
    let (_, mismatch) = tree.orders(of: &search) { run, path in
      run == 1 && path.count == 1 ? [] : tree.ready(after: path)
    }
    guard case .diverged(let divergence) = mismatch else {
      Issue.record("expected a divergence, got \(String(describing: mismatch))")
      return
    }
    #expect(divergence.step == 1 && divergence.now.isEmpty)
  }
}
