import Foundation
import NapkinTesting
import Testing

/// The default timeout is five seconds unless `NAPKIN_DEFAULT_TIMEOUT` gives a positive number of
/// seconds.
@Suite struct DefaultTimeoutTests {
  @Test(arguments: [
    ("30", Duration.seconds(30)), ("2.5", .milliseconds(2_500)), (" 10 ", .seconds(10)),
    ("0.5", .milliseconds(500)), ("1e12", .seconds(315_360_000)),
  ])
  func aPositiveNumberOfSeconds_isTheDefault(text: String, expected: Duration) {
    #expect(DefaultTimeout.parse(text) == expected)
  }

  @Test(arguments: ["0", "-1", "abc", "", "nan", "inf", "5s"])
  func anythingElse_isRefused(text: String) {
    #expect(DefaultTimeout.parse(text) == nil)
  }

  @Test func theDefault_followsTheEnvironmentThisRunHas() {
    let text = ProcessInfo.processInfo.environment[DefaultTimeout.variable]
    let expected = text.flatMap(DefaultTimeout.parse) ?? DefaultTimeout.standard
    #expect(Duration.napkinDefaultTimeout == expected)
  }
}
