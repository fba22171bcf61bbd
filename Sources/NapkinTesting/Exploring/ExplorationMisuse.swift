/// The checks of an exploration's inputs, each a clear message naming the mistake and what to do:
/// made before the first run (the strategy, the replay) and once the scenario's closure returned
/// in the first run (what it registered, the replay's tokens), before any event is delivered.
enum ExplorationMisuse {
  /// The longest part of a user's order string a message quotes.
  static let quotedTokens = 12

  /// What is wrong with `strategy` and `replay` together; `nil` if nothing.
  static func check(_ strategy: ExplorationStrategy, replay: String?) -> String? {
    if let replay {
      if ExplorationOrder.tokens(of: replay).isEmpty {
        return "explore(replay:) was given an empty order, so there is nothing to replay: pass "
          + "the order string a failure printed, such as \"tap#1 login#1✓\", or leave out replay "
          + "to explore every order."
      }
      if strategy.kind != ExplorationStrategy.automatic.kind {
        return "explore(strategy:replay:) was given both a strategy (.\(strategy)) and an order "
          + "to replay; a replay runs exactly its order, so the strategy would be ignored: pass "
          + "one of them."
      }
    }
    return strategyMisuse(strategy)
  }

  /// What is wrong with `strategy`'s counts; `nil` if nothing.
  private static func strategyMisuse(_ strategy: ExplorationStrategy) -> String? {
    let bad: (name: String, value: Int)?
    switch strategy.kind {
    case .automatic(let budget), .exhaustive(let budget):
      bad = budget < 1 ? ("budget", budget) : nil
    case .random(_, let runs):
      bad = runs < 1 ? ("runs", runs) : nil
    case .pct(_, let runs, let depth):
      bad = runs < 1 ? ("runs", runs) : depth < 1 ? ("depth", depth) : nil
    }
    if bad == nil, strategy.preemptions < 0 {
      return "explore(strategy: .\(strategy)): preemptions must not be negative (it is "
        + "\(strategy.preemptions)), so nothing was explored: pass 0 to order events only, or 1 "
        + "or more to interleave awaits."
    }
    guard let bad else { return nil }
    return "explore(strategy: .\(strategy)): \(bad.name) must be at least 1 (it is \(bad.value)), "
      + "so nothing was explored: pass \(bad.name): 1 or more."
  }

  /// `order` as a message quotes it: control characters escaped, and at most ``quotedTokens``
  /// tokens, with how many were left out.
  static func quoted(_ order: String) -> String {
    let tokens = ExplorationOrder.tokens(of: order)
    let shown = tokens.prefix(quotedTokens).map(escaped).joined(separator: " ")
    return tokens.count > quotedTokens ? shown + " … (\(tokens.count) tokens)" : shown
  }

  /// Whether `text` holds a control character, which no token of a registered event has.
  static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }

  /// `text` with every control character written as `\u{…}`, so a console prints all of it.
  static func escaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      scalar.properties.generalCategory == .control
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
  }
}
