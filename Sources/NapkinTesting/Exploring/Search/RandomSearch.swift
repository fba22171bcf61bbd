/// Runs `runs` orders, each picking uniformly among the events ready at each point, from a seed:
/// the same seed gives the same orders.
///
/// Isolation: a value owned by one exploration.
struct RandomSearch: Search {
  let seed: UInt64
  let runs: Int
  private(set) var run = 0
  private var generator = SeededGenerator(seed: 0)

  init(seed: UInt64, runs: Int) {
    self.seed = seed
    self.runs = runs
  }

  var failureSummary: String { "random from seed \(seed), run \(run)" }

  mutating func startRun() -> Bool {
    guard run < runs else { return false }
    generator = SeededGenerator(forRun: run, of: seed)
    run += 1
    return true
  }

  mutating func choose(at step: Int, among ready: [SearchEvent]) -> SearchEvent? {
    ready.randomElement(using: &generator)
  }
}
