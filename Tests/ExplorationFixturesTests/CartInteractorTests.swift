import ExplorationFixtures
import NapkinTesting
import Testing

nonisolated enum CartMethod: Hashable, Sendable { case coupon }

final class MockCartService: CartService, MockService {
  let mock = MockServiceCore<CartMethod>("MockCartService")
  let priceFeed = MockStream<Int>(label: "prices")

  var prices: AsyncStream<Int> { priceFeed.stream() }

  func coupon() async throws -> Int {
    try await throwIfFailing(.coupon)
    return 15
  }
}

@Suite struct CartInteractorTests {
  @Test func handWritten_couponThenPriceDrop_passesOnTheBuggyInteractor() async {
    let service = MockCartService()
    let sut = CartInteractor(service: service)
    await sut.activate()
    await service.priceFeed.waitForSubscribers()
    await sut.didTapCoupon()
    #expect(await sut.total == 5)
    service.priceFeed.send(5)
    await settle(sut)
    #expect(await sut.total == 5)
    #expect(service.calls.count == 1)
    await sut.deactivate()
  }

  @Test func exploration_findsThePriceDropBetweenTheCheckAndTheTotal() async {
    let order = await expectExplorationFinds { scenario in
      await Self.priceDropDuringCoupon(scenario, rechecks: false)
    }
    #expect(order == "coupon prices←5 coupon#1✓")
  }

  @Test func exploration_ofTheFixedInteractor_passesEveryOrder() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      await Self.priceDropDuringCoupon(scenario, rechecks: true)
    }
    #expect(report.passed && report.isExhaustive)
    // the coupon, the price drop, then the answer; every order of the three events and the leave
    #expect(report.orders == 8, "\(report)")
  }

  static func priceDropDuringCoupon(_ scenario: Scenario, rechecks: Bool) async {
    let service = MockCartService()
    let buggy = CartInteractor(service: service)
    let fixed = RecheckingCartInteractor(service: service)
    let sut: any Interactable = rechecks ? fixed : buggy
    await sut.activate()
    await service.priceFeed.waitForSubscribers()
    scenario.watch(sut)
    scenario.answers(service, .coupon)
    scenario.sends([5], on: service.priceFeed)
    scenario.action("coupon", on: sut) {
      if rechecks { await fixed.didTapCoupon() } else { await buggy.didTapCoupon() }
    }
    scenario.invariant("the total is never negative") {
      _ = service.calls.count
      return (rechecks ? await fixed.total : await buggy.total) >= 0
    }
    scenario.action("leave", on: sut) { await sut.deactivate() }
  }
}
