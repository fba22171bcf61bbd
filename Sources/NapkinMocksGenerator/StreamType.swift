/// A stream a mock feeds, read from a requirement's type: `AsyncStream<Element>`, fed by a
/// `MockStream`, or `AsyncThrowingStream<Element, any Error>`, fed by a `MockThrowingStream`.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// let stream = StreamType("AsyncThrowingStream<Quote, Error>")
/// stream?.element   // "Quote"
/// stream?.declared  // "AsyncThrowingStream<Quote, any Error>"
/// ```
struct StreamType: Sendable, Equatable {
  /// The element type, such as `Quote`.
  let element: String
  /// The failure type as written, such as `any Error`, `Error` or `QuoteError`; `nil` for an
  /// `AsyncStream`.
  let failure: String?

  /// Reads `type`; `nil` unless it is an `AsyncStream` or an `AsyncThrowingStream`.
  init?(_ type: String) {
    let type = Substring(type)
    if let arguments = Self.arguments(of: type, after: "AsyncStream<"), arguments.count == 1 {
      element = arguments[0]
      failure = nil
    } else if let arguments = Self.arguments(of: type, after: "AsyncThrowingStream<"),
      arguments.count == 2
    {
      element = arguments[0]
      failure = arguments[1]
    } else {
      return nil
    }
  }

  /// Whether it can fail: an `AsyncThrowingStream`.
  var isThrowing: Bool { failure != nil }

  /// Whether a mock can feed it: an `AsyncStream`, or an `AsyncThrowingStream` failing with
  /// `any Error` however spelled. The standard library makes throwing streams failing with
  /// `any Error` only, so one with a failure type of its own has no feed.
  var isFeedable: Bool { failure.map(Self.anyError.contains) ?? true }

  /// The type as a mock declares it: `any Error` written out, which a module with
  /// `ExistentialAny` requires of a mock whose protocol spells it `Error`.
  var declared: String {
    isThrowing ? "AsyncThrowingStream<\(element), any Error>" : "AsyncStream<\(element)>"
  }

  /// The type of the mock's feed, without its element.
  var feed: String { isThrowing ? "MockThrowingStream" : "MockStream" }

  /// The spellings of `any Error` a symbol graph may hold.
  private static let anyError: Set = ["any Error", "Error", "any Swift.Error", "Swift.Error"]

  /// The generic arguments of `type` when it is `prefix`, its arguments and the closing `>`;
  /// split at its own commas, not at those of a nested type such as `[String: (Int, Int)]`.
  private static func arguments(of type: Substring, after prefix: String) -> [String]? {
    guard type.hasPrefix(prefix) else { return nil }
    var arguments: [String] = []
    var depth = 0
    var start = type.index(type.startIndex, offsetBy: prefix.count)
    var previous: Character = " "
    for index in type[start...].indices {
      let character = type[index]
      defer { previous = character }
      switch character {
      case "<", "(", "[": depth += 1
      // The `>` of a function type's `->` closes nothing.
      case ">" where previous == "-": break
      case ")", "]": depth -= 1
      case ">" where depth > 0: depth -= 1
      case ">":
        // The closing `>` must end the type: `AsyncStream<Int>.Iterator` is no stream.
        guard type.index(after: index) == type.endIndex else { return nil }
        arguments.append(Self.trimmed(type[start..<index]))
        return arguments
      case "," where depth == 0:
        arguments.append(Self.trimmed(type[start..<index]))
        start = type.index(after: index)
      default: break
      }
    }
    return nil
  }

  /// `text` without the spaces around it.
  private static func trimmed(_ text: Substring) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
