import Testing

@testable import NapkinTesting

/// PCT search, on fake event trees.
@Suite struct PCTSearchTests {
  private let tree = FakeEventTree([["a1", "a2", "a3"], ["b1", "b2", "b3"]], independent: false)

  @Test func sameSeed_repeatsTheSameOrders() {
    var first = PCTSearch(seed: 9, runs: 30, depth: 3)
    var second = PCTSearch(seed: 9, runs: 30, depth: 3)
    #expect(tree.orders(of: &first).orders == tree.orders(of: &second).orders)
  }

  @Test func depthOne_runsEachSourceToItsEndBeforeTheNext() {
    var search = PCTSearch(seed: 3, runs: 40, depth: 1)
    let orders = Set(tree.orders(of: &search).orders.map { $0.joined(separator: " ") })
    // No priority changes: the leading source always goes first, whichever it is.
    #expect(orders.isSubset(of: ["a1 a2 a3 b1 b2 b3", "b1 b2 b3 a1 a2 a3"]))
    #expect(orders.count == 2)
  }

  @Test func depthTwo_leavesTheLeadingSourceOnceAtMost() {
    var search = PCTSearch(seed: 5, runs: 60, depth: 2)
    let orders = tree.orders(of: &search).orders
    for order in orders {
      let switches = zip(order, order.dropFirst()).filter { $0.first != $1.first }.count
      #expect(switches <= 2, "\(order) switched sources \(switches) times")
    }
    #expect(Set(orders).count > 2)
  }
}
