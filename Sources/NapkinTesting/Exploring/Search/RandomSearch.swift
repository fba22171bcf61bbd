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

  /// Ignores `cut`: it samples or follows an order, and reverses no race.
  mutating func choose(
    at step: Int, among ready: [SearchEvent], cut _: [SearchEvent]
  ) -> SearchEvent? {
    ready.randomElement(using: &runs.generator)
  }
}
