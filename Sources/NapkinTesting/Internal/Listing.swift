/// Lists values for a failure message, shortening long lists to their first and last few.
enum Listing {
  /// Lists up to this many values in full.
  static let limit = 20
  /// A shortened list shows this many values from its start, and half as many from its end.
  static let head = 10

  /// The values' descriptions, comma-separated; past ``limit``, the first ``head``, the number
  /// left out, then the last `head / 2`.
  static func items<Values: Collection>(_ values: Values) -> String {
    guard values.count > limit else { return values.map { "\($0)" }.joined(separator: ", ") }
    let tail = head / 2
    let omitted = values.count - head - tail
    return
      (values.prefix(head).map { "\($0)" } + ["… \(omitted) more …"]
      + values.suffix(tail).map { "\($0)" }).joined(separator: ", ")
  }
}
