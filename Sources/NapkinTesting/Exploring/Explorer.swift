/// The driver of an exploration: runs the scenario once per order a ``Search`` picks, keeps the
/// tally, and starts over when a run does not follow its search's order.
///
/// Stateless between runs: every run starts the scenario afresh and follows a prefix of choices,
/// so nothing of one run is reused by the next but the choices themselves.
final class Explorer {
  let strict: Bool
  let timeout: Duration
  let site: CallSite
  private(set) var tally = ExplorationTally()
  /// How a run waits for the main actor before it reads a point again; set by the first search.
  private var pacing: MainActorPacing?
  /// How often one order may preempt an action at an await (the strategy's): set once
  /// per exploration; a fallback that orders events alone passes its own bound to ``drive``.
  private var preemptions = 0
  /// Whether the strategy asked for awaits explicitly (see ``ExplorationStrategy``).
  private var asksForAwaits = false
  /// Whether the runs hold the actions' hops: asked for, and the main actor watched.
  private var interleavesAwaits = false

  /// How a search ended: every run it asked for passed, or a report of the run that did not.
  private enum Outcome {
    case passed(any Search)
    case stopped(ExplorationReport)
  }

  init(strict: Bool, timeout: Duration, site: CallSite) {
    self.strict = strict
    self.timeout = timeout
    self.site = site
  }

  /// Explores `body` as `strategy` says.
  func explore(
    _ strategy: ExplorationStrategy, isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async -> ExplorationReport {
    preemptions = strategy.preemptions
    asksForAwaits = strategy.asksForAwaits
    switch strategy.kind {
    case .exhaustive(let budget):
      return await report(drive({ self.depthFirst(budget: budget) }, body))
    case .random(let seed, let runs):
      return await report(drive({ RandomSearch(seed: seed, runs: runs) }, body)) { _ in
        "random: \(self.tally.orders) orders from seed \(seed)"
      }
    case .pct(let seed, let runs, let depth):
      return await report(drive({ PCTSearch(seed: seed, runs: runs, depth: depth) }, body)) { _ in
        "PCT: \(self.tally.orders) orders from seed \(seed), depth \(depth)"
      }
    case .automatic(let budget):
      return await automatic(budget: budget, body)
    }
  }

  /// Runs exactly `order`.
  func replay(
    _ order: String, isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async -> ExplorationReport {
    let tokens = ExplorationOrder.tokens(of: order)
    let outcome = await drive(
      { ReplaySearch(tokens: tokens) }, replaying: order, keepsTimeline: true, body)
    return report(outcome) { _ in "replay of \(order)" }
  }

  /// A depth-first search, reduced by races and sleep sets; where the bound on preemptions leaves
  /// out a reversal, by the bound's conservative rule (see ``RaceFinder``).
  private func depthFirst(budget: Int) -> DepthFirstSearch {
    DepthFirstSearch(budget: budget)
  }

  /// Depth-first within half the budget; if the space is larger, events alone depth-first within
  /// half the rest, and if that is larger too, random and PCT for the rest.
  private func automatic(
    budget: Int, isolation: isolated (any Actor)? = #isolation, _ body: (Scenario) async -> Void
  ) async -> ExplorationReport {
    let exhaustiveBudget = max(budget / 2, 1)
    let first = await drive({ self.depthFirst(budget: exhaustiveBudget) }, body)
    // Sampling more cannot find orders the search did not: it ran every one it could tell apart.
    guard case .passed(let search) = first, !search.isComplete else { return report(first) }
    if interleavesAwaits,
      let eventsOnly = await eventsOnly(budget: max((budget - tally.orders) / 2, 1), body)
    {
      return eventsOnly
    }
    let seed: UInt64 = 0x6E61_706B_696E
    let searched = tally.orders
    let half = max((budget - tally.orders) / 2, 1)
    if case .stopped(let failed) = await drive({ RandomSearch(seed: seed, runs: half) }, body) {
      return failed
    }
    if case .stopped(let failed) = await drive(
      { PCTSearch(seed: seed, runs: half, depth: 3) }, body)
    {
      return failed
    }
    return tally.passed(
      "automatic: more than \(exhaustiveBudget) orders, so \(searched) depth-first, "
        + "then \(tally.orders - searched) random and PCT from seed \(seed)",
      exhaustive: false)
  }

  /// Where the orders with awaits did not fit: every order of events alone, if those fit in
  /// `budget`; `nil` if they do not either (then sampling goes on, with awaits). The report says
  /// it is exhaustive over events only, and how far the awaits went.
  private func eventsOnly(
    budget: Int, isolation: isolated (any Actor)? = #isolation, _ body: (Scenario) async -> Void
  ) async -> ExplorationReport? {
    let withAwaits = tally.orders
    let bound = preemptions
    let outcome = await drive({ self.depthFirst(budget: budget) }, preemptions: 0, body)
    guard case .passed(let search) = outcome else { return report(outcome) }
    guard search.isComplete else { return nil }
    let events = tally.orders - withAwaits
    tally.interleaving =
      "events only: with the actions' awaits (\(Self.awaitsInterleaved)) and up to \(bound) "
      + "preemption\(bound == 1 ? "" : "s"), more than \(withAwaits) orders, which were run first"
    return tally.passed(
      "exhaustive: all \(events) order\(events == 1 ? "" : "s") of events", exhaustive: true)
  }

  /// What a report says of the awaits it interleaved; `nil` where it ordered events only.
  private static func interleaving(_ preemptions: Int, whyNot: String?) -> String? {
    guard preemptions > 0 else { return nil }
    if let whyNot { return "awaits were not interleaved, only events: " + whyNot }
    return "events and the actions' awaits \(awaitsInterleaved), up to \(preemptions) "
      + "preemption\(preemptions == 1 ? "" : "s") per order"
  }

  /// Which awaits of the actions are choices: on the main actor, and from one actor into another
  /// where the runtime tells an actor's turn from a task's job (see ``ActorTurns``).
  static let awaitsInterleaved =
    ActorTurns.areVisible ? "on the main actor and between actors" : "on the main actor"

  /// The one loop: runs the scenario for each order `makeSearch()`'s search picks, until it has
  /// run them all or a run fails. A run that does not follow its order starts the whole search
  /// over, with twice the main-queue passes (see ``MainActorPacing``); then it is reported.
  /// `bound` overrides the strategy's preemptions for these runs (0: events only).
  private func drive(
    _ makeSearch: () -> any Search, replaying order: String? = nil, keepsTimeline: Bool = false,
    preemptions bound: Int? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async -> Outcome {
    var search = makeSearch()
    let skippedBefore = tally.skipped
    var pacing: MainActorPacing
    if let kept = self.pacing {
      pacing = kept
    } else {
      pacing = await MainActorPacing.start()
      self.pacing = pacing
      tally.mainActorUnwatched = pacing.whyNotWatched
      let whyNot =
        HeldHops.canIdentifyTasks
        ? pacing.whyNotWatched.map { "the main actor was not watched (\($0))" }
        : "this runtime's tasks cannot be told apart by their jobs"
      tally.interleaving = Self.interleaving(preemptions, whyNot: whyNot)
      tally.interleavingUnavailable = asksForAwaits && preemptions > 0 && whyNot != nil
      interleavesAwaits = preemptions > 0 && whyNot == nil
    }
    while search.startRun() {
      let run = await ExplorationRun.perform(
        strict: strict, timeout: timeout, site: site, keepsTimeline: keepsTimeline,
        pacing: pacing, preemptions: bound ?? preemptions,
        replaying: order.map(ExplorationOrder.tokens),
        body
      ) { step, ready, cut in
        guard let event = search.choose(at: step, among: ready.map(\.event), cut: cut.map(\.event))
        else { return nil }
        return ready.first { $0.token == event.token }
      }
      if let misuse = run.misuse { return .stopped(ExplorationReport(misuse: misuse)) }
      tally.keep(run)
      let mismatch = search.endRun(steps: run.steps.count)
      tally.skipped = skippedBefore + search.skipped
      if mismatch != nil, pacing.canSlowDown {
        // A main-actor chain may have outrun the passes: start over with twice as many.
        pacing.slowDown()
        self.pacing = pacing
        tally.startOver()
        return await drive(
          makeSearch, replaying: order, keepsTimeline: keepsTimeline, preemptions: bound, body)
      }
      if let mismatch {
        return .stopped(
          tally.mismatched(run, mismatch, replaying: order, summary: search.failureSummary))
      }
      if let failure = run.failure {
        return .stopped(tally.failed(run, failure, summary: search.failureSummary))
      }
    }
    return .passed(search)
  }

  /// The report of `outcome`: a stopped search's, or a passing one whose summary is `summary`'s
  /// (by default, a depth-first search's).
  private func report(
    _ outcome: Outcome, summary: ((any Search) -> String)? = nil
  ) -> ExplorationReport {
    switch outcome {
    case .stopped(let report):
      return report
    case .passed(let search):
      if let summary { return tally.passed(summary(search), exhaustive: false) }
      guard search.isComplete else {
        return tally.passed(
          "depth-first: \(tally.orders) orders, the budget, before the space was covered",
          exhaustive: false)
      }
      let all = "all \(tally.orders) order\(tally.orders == 1 ? "" : "s")"
      return tally.passed(
        tally.sawEveryCall && !tally.interleavingUnavailable
          ? "exhaustive: " + all : "depth-first: " + all + " it reached",
        exhaustive: true)
    }
  }
}
