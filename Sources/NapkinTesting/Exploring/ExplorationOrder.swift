/// The spelling of orders: tokens separated by spaces, and compact durations for clock events.
enum ExplorationOrder {
  /// The tokens of an order string.
  static func tokens(of order: String) -> [String] {
    order.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
  }

  /// A duration as `5s`, `1.5s` or `250ms`: no spaces, so it fits a token.
  static func compact(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return "\(seconds)s" }
    let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    if milliseconds < 1_000, milliseconds == milliseconds.rounded() {
      return "\(Int(milliseconds))ms"
    }
    return "\(milliseconds / 1_000)s"
  }
}

/// A seeded random number generator (SplitMix64): the same seed gives the same orders.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
