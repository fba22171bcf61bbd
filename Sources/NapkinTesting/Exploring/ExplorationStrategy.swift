/// How an exploration picks the orders it runs.
///
/// - ``exhaustive(budget:)``: depth-first over every order, sharing prefixes, skipping orders that
///   only swap independent events; says "all N orders" when it finished within the budget.
/// - ``random(seed:runs:)``: each run picks uniformly among the events ready at each point.
/// - ``pct(seed:runs:depth:)``: probabilistic concurrency testing: random priorities per source
///   of events, with `depth - 1` points per run where the leading source drops to the last place.
///   A bug that needs `depth` events in a particular order is found with a probability that has a
///   lower bound, which a random walk lacks.
/// - ``automatic``: exhaustive when the space fits half the budget; else every order of events
///   alone if those fit half the rest; else random and PCT for the rest. The report says which.
///
/// Every strategy also interleaves the actions' awaits on the main actor and from one actor into
/// another, with up to one preemption per order; ``interleavingAwaits(preemptions:)`` sets the
/// bound (0: events only).
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// await explore(strategy: .pct(seed: 7, runs: 500, depth: 2)) { scenario in ... }
/// ```
public struct ExplorationStrategy: Sendable, CustomStringConvertible {
  enum Kind: Sendable, Equatable {
    case automatic(budget: Int)
    case exhaustive(budget: Int)
    case random(seed: UInt64, runs: Int)
    case pct(seed: UInt64, runs: Int, depth: Int)
  }

  let kind: Kind
  /// How often one order may preempt an action at an `await`: once unless
  /// ``interleavingAwaits(preemptions:)`` says otherwise.
  private(set) var preemptions = Self.defaultPreemptions

  /// The bound every strategy starts with: one preemption finds an update lost at an await, and
  /// the orders it adds stay few.
  static let defaultPreemptions = 1

  /// Whether ``interleavingAwaits(preemptions:)`` asked for the bound: then a report that could
  /// not interleave awaits is never exhaustive. By default it is exhaustive over events and says
  /// the awaits were not interleaved.
  private(set) var asksForAwaits = false

  /// Exhaustive within 500 orders (half of 1,000), else every order of events alone within half
  /// the rest, else random and PCT.
  public static var automatic: ExplorationStrategy { .automatic(budget: 1_000) }

  /// Exhaustive within half of `budget` orders, else random and PCT for the other half; `budget`
  /// at least 1 (a smaller one is reported at the `explore` call, and nothing runs).
  public static func automatic(budget: Int) -> ExplorationStrategy {
    ExplorationStrategy(kind: .automatic(budget: budget))
  }

  /// Every order, depth-first, up to `budget` orders; `budget` at least 1.
  public static func exhaustive(budget: Int = 10_000) -> ExplorationStrategy {
    ExplorationStrategy(kind: .exhaustive(budget: budget))
  }

  /// `runs` orders picked at random from `seed`; `runs` at least 1.
  public static func random(seed: UInt64, runs: Int = 100) -> ExplorationStrategy {
    ExplorationStrategy(kind: .random(seed: seed, runs: runs))
  }

  /// `runs` orders picked by priorities from `seed`, with `depth - 1` priority changes per run;
  /// `runs` and `depth` at least 1.
  public static func pct(seed: UInt64, runs: Int = 100, depth: Int = 3) -> ExplorationStrategy {
    ExplorationStrategy(kind: .pct(seed: seed, runs: runs, depth: depth))
  }

  /// The same strategy, with the actions' awaits as choices too: at each hop to the main actor,
  /// and each await from one actor into another actor of the app (and back), the explorer may
  /// deliver other events (or let another action go on) before the action goes on, at most
  /// `preemptions` times per order; `preemptions` at least 0.
  ///
  /// An action that reads an actor's state, awaits a main-actor presenter (or another actor),
  /// then writes what it read loses a second action's update only if the second runs while the
  /// first is away: an order of events alone never shows it. One preemption finds such a lost
  /// update; each more multiplies the orders. The order string names a hop after its action:
  /// `add#1.2` lets the action `add#1` go on past its second hop. Needs the main actor watched
  /// (see the report).
  ///
  /// A preemption is a choice that overtakes a held hop it may affect (same interactor or mock,
  /// or a reach unknown); overtaking a hop of a screen that shares nothing is free. Every strategy
  /// has one by default; `interleavingAwaits(preemptions: 0)` orders events only.
  ///
  /// ```swift
  /// await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 1)) { scenario in ... }
  /// ```
  public func interleavingAwaits(preemptions: Int = 1) -> ExplorationStrategy {
    var strategy = self
    strategy.preemptions = preemptions
    strategy.asksForAwaits = preemptions > 0
    return strategy
  }

  /// The strategy as its spelling, such as `exhaustive(budget: 10000)`.
  public var description: String {
    let kind = kindDescription
    guard preemptions != Self.defaultPreemptions else { return kind }
    return "\(kind).interleavingAwaits(preemptions: \(preemptions))"
  }

  private var kindDescription: String {
    switch kind {
    case .automatic(let budget): "automatic(budget: \(budget))"
    case .exhaustive(let budget): "exhaustive(budget: \(budget))"
    case .random(let seed, let runs): "random(seed: \(seed), runs: \(runs))"
    case .pct(let seed, let runs, let depth): "pct(seed: \(seed), runs: \(runs), depth: \(depth))"
    }
  }
}
