/// The check every API that takes a timeout makes: a negative timeout is a misuse, reported at
/// the caller's line.
enum TimeoutMisuse {
  /// Whether `timeout` is negative; if so, reports it as a misuse of `call` through `report`.
  static func isNegative(
    _ timeout: Duration, in call: String, consequence: String,
    report: (String) -> Void
  ) -> Bool {
    guard timeout < .zero else { return false }
    report("\(call): the timeout (\(timeout)) must not be negative; \(consequence).")
    return true
  }
}
