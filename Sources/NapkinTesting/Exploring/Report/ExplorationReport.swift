/// What an exploration did: how many orders it ran, how, and the order that failed, if one did.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// let report = await explore { scenario in ... }
/// #expect(report.isExhaustive && report.orders == 6)
/// ```
public struct ExplorationReport: Sendable, CustomStringConvertible {
  /// How many orders ran, the failing one included.
  public let orders: Int
  /// Whether every order was run (depth-first, within the budget, nothing left).
  public let isExhaustive: Bool
  /// How many branches the depth-first search skipped because they only swapped two independent
  /// events (different interactors, different mocks) of an order it ran.
  public let skippedByReduction: Int
  /// What the explorer did, such as `exhaustive: all 6 orders`.
  public let summary: String
  /// The order that failed, as a string ``explore(_:strategy:replay:strict:timeout:isolation:fileID:filePath:line:column:_:)``
  /// replays; `nil` if every order passed.
  public let failingOrder: String?
  /// What failed in that order; `nil` if every order passed.
  public let failure: String?
  /// How many calls of each method ran with each answer, over every run, by method
  /// (`MockLibraryService.fetchRecentlyPlayed`) and answer mark (`✓`, `✗`, `⊘`): what a sweep
  /// reached. Empty if no method was registered for answers.
  public internal(set) var answeredCalls: [String: [String: Int]] = [:]

  /// A mistake in the exploration's inputs, found before any order ran; `nil` if none.
  var misuse: String?

  /// Whether every order ran passed.
  public var passed: Bool { failingOrder == nil }

  /// The summary, and the failing order if one failed.
  public var description: String {
    guard let failingOrder else { return summary }
    return "\(summary); failed: \(failingOrder)"
  }
}

extension ExplorationReport {
  /// The report of an exploration that ran no order because of `misuse`: not passed.
  init(misuse: String) {
    self.init(
      orders: 0, isExhaustive: false, skippedByReduction: 0, summary: "nothing explored",
      failingOrder: "", failure: misuse)
    self.misuse = misuse
  }
}
