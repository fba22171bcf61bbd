/// The median and 90th percentile of a set of samples.
struct Statistics {
  let median: Double
  let p90: Double

  init(_ samples: [Double]) {
    precondition(!samples.isEmpty, "Statistics of no samples")
    let sorted = samples.sorted()
    median = Self.quantile(0.5, of: sorted)
    p90 = Self.quantile(0.9, of: sorted)
  }

  /// Linear interpolation between the closest ranks.
  private static func quantile(_ q: Double, of sorted: [Double]) -> Double {
    let position = q * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    let fraction = position - Double(lower)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
  }
}
