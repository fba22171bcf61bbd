import Testing

@testable import NapkinTesting

/// Dynamic partial-order reduction on real scenarios: screens that share nothing run one order,
/// whatever their number; saves on one screen keep every order that differs.
@Suite struct PartialOrderReductionTests {
  @Test(arguments: 1...4)
  func kIndependentScreens_runOneOrder(_ k: Int) async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      for screen in 0..<k {
        let service = MockProfileService()
        let sut = CounterInteractor(service: service)
        scenario.watch(sut)
        scenario.answers(service, .orders)
        scenario.action("save\(screen)", on: sut) { await sut.incrementAtomically() }
        scenario.expect("screen \(screen) saved once") {
          let count = await sut.count
          return service.calls.count == 1 && count == 1
        }
      }
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
    #expect(report.orders == 1, "\(report)")
  }

  @Test(arguments: [(1, 1), (2, 6), (3, 90)])
  func kSavesOnOneScreen_keepEveryDistinctOrder(_ k: Int, orders: Int) async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let service = MockProfileService()
      let sut = CounterInteractor(service: service)
      scenario.watch(sut)
      scenario.answers(service, .orders)
      for _ in 0..<k {
        scenario.action("save", on: sut) { await sut.incrementAtomically() }
      }
      scenario.expect("every save counts") {
        let count = await sut.count
        return service.calls.count == k && count == k
      }
    }
    #expect(report.passed && report.isExhaustive, "\(report)")
    #expect(report.orders == orders, "\(report)")
  }
}
