/// Runs one given order: at each point, the event the order names; past its end, the first ready
/// event, so a prefix written by hand replays too.
///
/// Isolation: a value owned by one exploration.
struct ReplaySearch: Search {
  /// The order's tokens.
  let tokens: [String]
  private var started = false
  private var missed: SearchMismatch?

  init(tokens: [String]) {
    self.tokens = tokens
  }

  var failureSummary: String { "replay" }

  mutating func startRun() -> Bool {
    defer { started = true }
    return !started
  }

  /// Ignores `cut`: it samples or follows an order, and reverses no race.
  mutating func choose(
    at step: Int, among ready: [SearchEvent], cut _: [SearchEvent]
  ) -> SearchEvent? {
    guard step < tokens.count else { return ready.first }
    if let event = ready.first(where: { $0.token == tokens[step] }) { return event }
    missed = .missed(step: step, token: tokens[step], ready: ready.map(\.token))
    return nil
  }

  mutating func endRun(steps: Int) -> SearchMismatch? { missed }
}
