/// A subject measured against a baseline in the same run, in interleaved rounds.
///
/// Each round measures the baseline and the subject back to back (alternating which goes first),
/// so both see the same machine. The ratio is the median of the per-round ratios, which a burst of
/// noise on a shared machine moves far less than either median alone.
struct Comparison {
  enum Unit {
    case nanoseconds
    case bytes
  }

  let name: String
  let baselineName: String
  let unit: Unit
  let subject: Statistics
  let baseline: Statistics
  let ratio: Statistics
  /// The ratio the subject should stay at or below, if it has one.
  let target: Double?

  var meetsTarget: Bool? { target.map { ratio.median <= $0 } }

  /// Measures `subject` against `baseline`; each closure runs one round and returns its figure.
  static func measure(
    _ name: String, against baselineName: String, unit: Unit = .nanoseconds,
    target: Double? = nil, rounds: Int, warmUp: Int,
    isolation: isolated (any Actor)? = #isolation,
    baseline: () async -> Double, subject: () async -> Double
  ) async -> Comparison {
    for _ in 0..<warmUp {
      blackHole(await baseline())
      blackHole(await subject())
    }
    var baselines: [Double] = []
    var subjects: [Double] = []
    var ratios: [Double] = []
    baselines.reserveCapacity(rounds)
    subjects.reserveCapacity(rounds)
    ratios.reserveCapacity(rounds)
    for round in 0..<rounds {
      let (base, measured): (Double, Double)
      if round.isMultiple(of: 2) {
        base = await baseline()
        measured = await subject()
      } else {
        measured = await subject()
        base = await baseline()
      }
      baselines.append(base)
      subjects.append(measured)
      ratios.append(measured / base)
    }
    return Comparison(
      name: name, baselineName: baselineName, unit: unit, subject: Statistics(subjects),
      baseline: Statistics(baselines), ratio: Statistics(ratios), target: target)
  }
}
