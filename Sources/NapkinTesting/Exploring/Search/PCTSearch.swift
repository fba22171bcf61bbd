/// Probabilistic concurrency testing: each run gives every source of events a random priority,
/// always picks from the leading source, and at `depth - 1` random points drops the leading
/// source to the last place. A bug that needs `depth` events in one order is found with a
/// probability that has a lower bound, which a random walk lacks.
///
/// Isolation: a value owned by one exploration.
struct PCTSearch: Search {
  let seed: UInt64
  let runs: Int
  let depth: Int
  private(set) var run = 0
  private var generator = SeededGenerator(seed: 0)
  private var priorities: [String: Double] = [:]
  /// The points of this run where the leading source drops to the last place.
  private var changes: Set<Int> = []
  /// How many points a run is expected to have, for placing the changes: the longest run so far.
  private var expectedSteps = 8

  init(seed: UInt64, runs: Int, depth: Int) {
    self.seed = seed
    self.runs = runs
    self.depth = depth
  }

  var failureSummary: String { "PCT from seed \(seed), run \(run)" }

  mutating func startRun() -> Bool {
    guard run < runs else { return false }
    generator = SeededGenerator(forRun: run, of: seed)
    run += 1
    priorities = [:]
    changes = []
    for _ in 0..<max(depth - 1, 0) {
      changes.insert(Int.random(in: 0..<expectedSteps, using: &generator))
    }
    return true
  }

  mutating func choose(at step: Int, among ready: [SearchEvent]) -> SearchEvent? {
    for event in ready where priorities[event.source] == nil {
      priorities[event.source] = Double.random(in: 1..<2, using: &generator)
    }
    let top = ready.max { priorities[$0.source]! < priorities[$1.source]! }!
    let choice = ready.filter { $0.source == top.source }.randomElement(using: &generator) ?? top
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
