import Foundation

/// Where ``Swift/Duration/napkinDefaultTimeout`` comes from: five seconds, unless the environment
/// variable `NAPKIN_DEFAULT_TIMEOUT` gives a number of seconds.
///
/// Package-only, so tests can check the parsing. Read once, when the default is first used.
package enum DefaultTimeout {
  /// The environment variable that overrides the default.
  package static let variable = "NAPKIN_DEFAULT_TIMEOUT"

  /// The default when the variable is unset.
  package static let standard = Duration.seconds(5)

  /// The default for this process: the variable's value if it is a positive number of seconds,
  /// else five seconds (and a note on standard error, once, if it was set but not usable).
  static func resolve() -> Duration {
    guard let text = ProcessInfo.processInfo.environment[variable] else { return standard }
    guard let duration = parse(text) else {
      writeToStandardError(
        "NapkinTesting: \(variable)=\(text) is not a positive number of seconds; "
          + "waits default to \(standard).")
      return standard
    }
    return duration
  }

  /// `text` as a positive, finite number of seconds (`30`, `2.5`), at most ten years; else `nil`.
  package static func parse(_ text: String) -> Duration? {
    guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite,
      seconds > 0
    else { return nil }
    return .seconds(min(seconds, 315_360_000))
  }
}
