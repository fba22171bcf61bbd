import Testing

@testable import NapkinTesting

/// Seeded random search, on fake event trees.
@Suite struct RandomSearchTests {
  private let tree = FakeEventTree([["a1", "a2"], ["b1", "b2"], ["c1"]], independent: false)

  @Test func sameSeed_repeatsTheSameOrders() {
    var first = RandomSearch(seed: 42, runs: 20)
    var second = RandomSearch(seed: 42, runs: 20)
    #expect(tree.orders(of: &first).orders == tree.orders(of: &second).orders)
  }

  @Test func runs_isHowManyOrdersRun_andEachIsAnOrderOfTheTree() {
    var search = RandomSearch(seed: 7, runs: 25)
    let orders = tree.orders(of: &search).orders
    #expect(orders.count == 25)
    #expect(Set(orders).isSubset(of: Set(tree.allOrders)))
    #expect(search.failureSummary == "random from seed 7, run 25")
  }

  @Test func otherSeeds_reachOtherOrders() {
    var first = RandomSearch(seed: 1, runs: 20)
    var second = RandomSearch(seed: 2, runs: 20)
    let orders = tree.orders(of: &first).orders
    #expect(orders != tree.orders(of: &second).orders)
    // 20 uniform walks over 30 orders reach more than a handful.
    #expect(Set(orders).count > 5)
  }
}
