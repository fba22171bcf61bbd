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
