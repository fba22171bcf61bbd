import NapkinTesting
import Testing

/// A fault sweep in one line: every call of every method of a mock, answered with each outcome.
@Suite struct SweepTests {
  @Test func sweep_answersEveryCallOfEveryMethod_withEachOutcome_andTalliesThem() async {
    let report = await SweepScenario.exploreOneLoad(holding: true)
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive, "\(report)")
    // balance: three answers; history only after a successful balance: three more.
    #expect(report.orders == 5, "\(report)")
    #expect(
      report.answeredCalls == [
        "MockWallet.balance": ["✓": 3, "✗": 1, "⊘": 1],
        "MockWallet.history": ["✓": 1, "✗": 1, "⊘": 1],
      ])
    #expect(
      report.summary.hasSuffix(
        "; answered: MockWallet.balance 3✓ 1✗ 1⊘, MockWallet.history 1✓ 1✗ 1⊘; never called: "
          + "MockWallet.refund"),
      "\(report.summary)")
  }

  @Test func sweepWithoutHolding_branchesOnOutcomesOnly() async {
    let report = await SweepScenario.exploreOneLoad(holding: false)
    #expect(report.passed, "\(report)")
    #expect(report.orders == 5, "\(report)")
    #expect(report.answeredCalls["MockWallet.history"] == ["✓": 1, "✗": 1, "⊘": 1])
  }

  @Test func sweepWithoutHolding_doesNotMultiplyOrders_withAnotherAction() async {
    func explore(holding: Bool) async -> ExplorationReport {
      await NapkinTesting.explore(strategy: .exhaustive()) { scenario in
        let wallet = MockWallet()
        let sut = WalletInteractor(wallet: wallet)
        scenario.answers(wallet, with: [.success, .failure(SimulatedError())], holding: holding)
        scenario.action("load", on: sut) { await sut.load() }
        scenario.action("again", on: sut) { await sut.load() }
        scenario.expect("read") {
          _ = wallet.calls.count
          return true
        }
      }
    }
    let held = await explore(holding: true)
    let immediate = await explore(holding: false)
    #expect(held.passed && immediate.passed)
    #expect(immediate.orders < held.orders, "held: \(held), at once: \(immediate)")
  }

  @Test func sweepThatFindsABug_failsWithTheOrder() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore { scenario in
        let wallet = MockWallet()
        let sut = WalletInteractor(wallet: wallet)
        scenario.answers(wallet, with: SweepScenario.answers)
        scenario.action("load", on: sut) { await sut.load() }
        scenario.expect("something shown") {
          _ = wallet.calls.count
          return await !sut.shown.isEmpty
        }
      }
    }
    #expect(report?.failingOrder == "load balance#1⊘")
    #expect(issues.count == 1)
  }
}
