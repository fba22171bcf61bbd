/// The runs of a seeded search: how many it makes, which it is at, and the generator each draws
/// from, so the same seed gives the same orders.
///
/// Isolation: a value owned by one search.
struct SeededRuns {
  let seed: UInt64
  let runs: Int
  /// The runs started so far: the current run's number, from 1.
  private(set) var run = 0
  /// The current run's generator.
  var generator = SeededGenerator(seed: 0)

  init(seed: UInt64, runs: Int) {
    self.seed = seed
    self.runs = runs
  }

  /// Starts the next run with its own generator; `false` after the last.
  mutating func next() -> Bool {
    guard run < runs else { return false }
    generator = SeededGenerator(forRun: run, of: seed)
    run += 1
    return true
  }

  /// What a failure report calls the current run of a search named `label`.
  func failureSummary(_ label: String) -> String { "\(label) from seed \(seed), run \(run)" }
}
