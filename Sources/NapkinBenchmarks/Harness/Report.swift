import Foundation

/// Prints comparisons as a table.
enum Report {
  static func header() {
    Swift.print(
      row(
        "benchmark", "median", "p90", "baseline (same run)", "baseline", "ratio", "p90 ratio",
        "target"))
    Swift.print(String(repeating: "-", count: 150))
  }

  static func print(_ comparison: Comparison) {
    let target: String
    switch (comparison.target, comparison.meetsTarget) {
    case (let limit?, true?): target = "≤ \(format(limit))× met"
    case (let limit?, _): target = "≤ \(format(limit))× MISSED"
    default: target = ""
    }
    Swift.print(
      row(
        comparison.name, value(comparison.subject.median, comparison.unit),
        value(comparison.subject.p90, comparison.unit), comparison.baselineName,
        value(comparison.baseline.median, comparison.unit),
        "\(format(comparison.ratio.median))×", "\(format(comparison.ratio.p90))×", target))
  }

  static func note(_ text: String) {
    Swift.print("  \(text)")
  }

  /// `value` in the unit's natural scale: ns, µs or ms; B.
  static func value(_ value: Double, _ unit: Comparison.Unit) -> String {
    switch unit {
    case .bytes: return "\(format(value)) B"
    case .nanoseconds:
      if value >= 1_000_000 { return "\(format(value / 1_000_000)) ms" }
      if value >= 1_000 { return "\(format(value / 1_000)) µs" }
      return "\(format(value)) ns"
    }
  }

  /// Three significant digits, without a trailing `.0`.
  static func format(_ value: Double) -> String {
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if digits == 0 { return "\(Int(rounded))" }
    var text = "\(rounded)"
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  private static func row(_ columns: String...) -> String {
    let widths = [44, 10, 10, 40, 10, 8, 10, 14]
    return zip(columns, widths).map { column, width in
      column.count >= width
        ? column + " " : column.padding(toLength: width, withPad: " ", startingAt: 0)
    }.joined()
  }
}
