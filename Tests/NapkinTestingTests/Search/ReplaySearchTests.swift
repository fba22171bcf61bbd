import Testing

@testable import NapkinTesting

/// Replaying one order, on fake event trees.
@Suite struct ReplaySearchTests {
  private let tree = FakeEventTree([["a1", "a2"], ["b1"]], independent: false)

  @Test func anOrderOfTheTree_runsOnceExactlyThatOrder() {
    var search = ReplaySearch(tokens: ["a1", "b1", "a2"])
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(orders == [["a1", "b1", "a2"]])
    #expect(mismatch == nil)
  }

  @Test func aPrefix_goesOnWithTheFirstReadyEvent() {
    var search = ReplaySearch(tokens: ["b1"])
    #expect(tree.orders(of: &search).orders == [["b1", "a1", "a2"]])
  }

  @Test func aTokenNotReady_endsTheRunWithWhatWasReady() {
    var search = ReplaySearch(tokens: ["a1", "a2", "a2"])
    let (orders, mismatch) = tree.orders(of: &search)
    #expect(orders == [["a1", "a2"]])
    #expect(mismatch == .missed(step: 2, token: "a2", ready: ["b1"]))
  }
}
