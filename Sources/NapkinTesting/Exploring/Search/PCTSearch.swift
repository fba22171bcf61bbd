/// Probabilistic concurrency testing: each run gives every source of events a random priority,
/// always picks from the leading source, and at `depth - 1` random points drops the leading
/// source to the last place. A bug that needs `depth` events in one order is found with a
/// probability that has a lower bound, which a random walk lacks.
///
/// Isolation: a value owned by one exploration.
struct PCTSearch: Search {
  let depth: Int
  private var runs: SeededRuns
  private var priorities: [String: Double] = [:]
  /// The points of this run where the leading source drops to the last place.
  private var changes: Set<Int> = []
  /// How many points a run is expected to have, for placing the changes: the longest run so far.
  private var expectedSteps = 8

  init(seed: UInt64, runs: Int, depth: Int) {
    self.runs = SeededRuns(seed: seed, runs: runs)
    self.depth = depth
  }

  var failureSummary: String { runs.failureSummary("PCT") }

  mutating func startRun() -> Bool {
    guard runs.next() else { return false }
    priorities = [:]
    changes = []
    for _ in 0..<max(depth - 1, 0) {
      changes.insert(Int.random(in: 0..<expectedSteps, using: &runs.generator))
    }
    return true
  }

  /// Ignores `cut`: it samples or follows an order, and reverses no race.
  mutating func choose(
    at step: Int, among ready: [SearchEvent], cut _: [SearchEvent]
  ) -> SearchEvent? {
    for event in ready where priorities[event.source] == nil {
      priorities[event.source] = Double.random(in: 1..<2, using: &runs.generator)
    }
    let top = ready.max { priorities[$0.source]! < priorities[$1.source]! }!
    let choice =
      ready.filter { $0.source == top.source }.randomElement(using: &runs.generator) ?? top
    if changes.contains(step) {
      priorities[choice.source] = (priorities.values.min() ?? 1) - 1
    }
    return choice
  }

  mutating func endRun(steps: Int) -> SearchMismatch? {
    expectedSteps = max(expectedSteps, steps)
    return nil
  }
}
