import NapkinTesting
import Testing

/// What one case of the wait-then-act pattern ended with.
private struct CaseOutcome: Sendable {
  var issues: Int
  var dropped: Int
  var loaded: Int
}

@Suite struct SettleStressTests {
  /// The pattern that raced before settling existed: wait for the recorded call, act at once.
  /// Each case waits for the first load's call, settles, asks for the next page, and must see it.
  @Test func waitSettleAct_twoThousandParallelCases_neverDropAnAction() async {
    let cases = 2_000
    let outcomes = await withTaskGroup(of: CaseOutcome.self) { group in
      for _ in 0..<cases {
        group.addTask {
          let sut = PagingInteractor(loader: MockLoader())
          var dropped = 0
          var loaded = 0
          let issues = await withIssueCollector {
            await sut.activate()
            await sut.shown.waitForCall(1)
            await settle(sut)
            await sut.loadMore()
            await sut.shown.waitForCall(2)
            await settle(sut)
            dropped = await sut.dropped
            loaded = await sut.loaded
            await sut.deactivate()
          }
          return CaseOutcome(issues: issues.count, dropped: dropped, loaded: loaded)
        }
      }
      var all: [CaseOutcome] = []
      for await outcome in group { all.append(outcome) }
      return all
    }
    #expect(outcomes.count == cases)
    #expect(outcomes.filter { $0.issues > 0 }.count == 0)
    #expect(outcomes.filter { $0.dropped > 0 }.count == 0)
    #expect(outcomes.filter { $0.loaded != 2 }.count == 0)
  }

  /// Many subscription loops parked on their streams, each sent values and settled in turn.
  @Test func sendSettleAssert_fiveHundredParallelLoops_seeEveryValue() async {
    let loops = 500
    let failures = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<loops {
        group.addTask {
          let values = MockStream<Int>()
          let sut = SubscribingInteractor(values: values)
          var failures = 0
          let issues = await withIssueCollector {
            await sut.activate()
            await settle(sut)
            for value in 1...5 {
              values.send(value)
              await settle(sut)
              if await sut.received.last != value { failures += 1 }
            }
            await sut.deactivate()
          }
          return failures + issues.count
        }
      }
      return await group.reduce(0, +)
    }
    #expect(failures == 0)
  }
}
