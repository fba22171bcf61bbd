/// Runs `runs` orders, each picking uniformly among the events ready at each point, from a seed:
/// the same seed gives the same orders.
///
/// Isolation: a value owned by one exploration.
struct RandomSearch: Search {
  private var runs: SeededRuns

  init(seed: UInt64, runs: Int) {
    self.runs = SeededRuns(seed: seed, runs: runs)
  }

  var failureSummary: String { runs.failureSummary("random") }

  mutating func startRun() -> Bool { runs.next() }

  mutating func choose(at step: Int, among ready: [SearchEvent]) -> SearchEvent? {
    ready.randomElement(using: &runs.generator)
  }
}
