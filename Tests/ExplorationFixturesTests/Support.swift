import NapkinTesting
import Testing

/// Explores `scenario`, expecting it to fail; then replays the failing order 100 times and
/// expects the same failure each time, as Shuttle tests its own schedules. Returns the order.
func expectExplorationFinds(
  strategy: ExplorationStrategy = .exhaustive(),
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ scenario: (Scenario) async -> Void
) async -> String? {
  var report: ExplorationReport?
  let issues = await withIssueCollector {
    report = await explore(strategy: strategy, scenario)
  }
  guard let order = report?.failingOrder else {
    Issue.record(
      "the exploration passed: \(report.map { "\($0)" } ?? "-")", sourceLocation: sourceLocation)
    return nil
  }
  #expect(issues.count == 1, sourceLocation: sourceLocation)
  #expect(
    issues.first?.message.contains("explore(replay: \"\(order)\")") == true,
    sourceLocation: sourceLocation)
  var reproduced = 0
  var other: [String] = []
  for _ in 0..<100 {
    var again: ExplorationReport?
    let issues = await withIssueCollector {
      again = await explore(replay: order, scenario)
    }
    if again?.failingOrder == order {
      reproduced += 1
    } else if other.isEmpty {
      other = ["\(again.map { "\($0)" } ?? "-")"] + issues.map(\.message)
    }
  }
  #expect(
    reproduced == 100,
    "the replay reproduced \(reproduced) of 100; the first that did not: \(other)",
    sourceLocation: sourceLocation)
  return order
}
