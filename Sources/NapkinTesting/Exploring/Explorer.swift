/// The search over orders: depth-first with sleep sets, seeded random, PCT, and replay.
///
/// Stateless: every run starts the scenario afresh and follows a prefix of choices, so nothing of
/// one run is reused by the next but the choices themselves.
final class Explorer {
  let strict: Bool
  let timeout: Duration
  let site: CallSite
  /// Orders run so far.
  private(set) var orders = 0
  /// What the runs did not explore, each once, in the order found.
  private var notes: [String] = []
  private(set) var skipped = 0
  /// How many calls of each method ran with each answer, over every run: `MockAuth.login` to
  /// `✓` to 3.
  private(set) var answered: [String: [String: Int]] = [:]
  /// The methods registered for answers in any run, where known.
  private var registeredMethods: Set<String> = []
  /// Whether any run swept a mock: only then does the summary tally the answers.
  private var sweeps = false
  /// Held calls made by work settling cannot see, over every run, each once: with any, no report
  /// claims to be exhaustive.
  private var unseenCalls: [(token: String, caller: String)] = []
  /// Whether the last depth-first search left no untried order (it may still not be exhaustive,
  /// if unseen work made its points' events depend on timing).
  private var coveredEveryOrder = false
  /// How many times a run passes through the main actor before it reads a point again.
  ///
  /// A task that prefers an executor, as an action's does, is queued on the main actor again at
  /// every call from one main-actor async function to another (the runtime switches, because the
  /// main actor runs no task executor), behind whatever was queued meanwhile, so a confirmation
  /// that passed through the main actor can run between two steps of a view model's method. Each
  /// trip lets such a chain take one more step. Doubled, and the exploration started over, when
  /// the self-check finds a point that offers other events than it did (a chain took longer).
  private(set) var mainActorTrips = Explorer.firstTrips
  static let firstTrips = 4
  /// How many times the exploration started over, for the report.
  private var restarts = 0
  static let mostTrips = 64

  init(strict: Bool, timeout: Duration, site: CallSite) {
    self.strict = strict
    self.timeout = timeout
    self.site = site
  }

  // MARK: Strategies

  func explore(
    _ strategy: ExplorationStrategy, isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async -> ExplorationReport {
    switch strategy.kind {
    case .exhaustive(let budget):
      return await depthFirst(budget: budget, body)
    case .random(let seed, let runs):
      return await sampled(runs: runs, seed: seed, depth: nil, label: "random", body)
        ?? passed("random: \(orders) orders from seed \(seed)", exhaustive: false)
    case .pct(let seed, let runs, let depth):
      return await sampled(runs: runs, seed: seed, depth: depth, label: "PCT", body)
        ?? passed("PCT: \(orders) orders from seed \(seed), depth \(depth)", exhaustive: false)
    case .automatic(let budget):
      let exhaustiveBudget = max(budget / 2, 1)
      let first = await depthFirst(budget: exhaustiveBudget, body)
      // Sampling more cannot find orders the search did not: it ran every one it could tell apart.
      if coveredEveryOrder || !first.passed { return first }
      let seed: UInt64 = 0x6E61_706B_696E
      let half = max((budget - orders) / 2, 1)
      if let failed = await sampled(runs: half, seed: seed, depth: nil, label: "random", body) {
        return failed
      }
      if let failed = await sampled(runs: half, seed: seed, depth: 3, label: "PCT", body) {
        return failed
      }
      return passed(
        "automatic: more than \(exhaustiveBudget) orders, so \(exhaustiveBudget) depth-first, "
          + "then \(orders - exhaustiveBudget) random and PCT from seed \(seed)",
        exhaustive: false)
    }
  }

  func replay(
    _ order: String, isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async -> ExplorationReport {
    let wanted = ExplorationOrder.tokens(of: order)
    var missed: (step: Int, token: String, ready: [String])?
    let run = await ExplorationRun.perform(
      strict: strict, timeout: timeout, site: site, keepsTimeline: true,
      mainActorTrips: mainActorTrips, body
    ) { step, ready in
      // Past the order's end, the run goes on with the first ready event, so a prefix written by
      // hand replays too.
      guard step < wanted.count else { return ready.first }
      if let choice = ready.first(where: { $0.token == wanted[step] }) { return choice }
      missed = (step, wanted[step], ready.map(\.token))
      return nil
    }
    orders = 1
    keep(run)
    if missed != nil, mainActorTrips < Self.mostTrips {
      // The order may need a longer wait on the main actor than this exploration gave it.
      startOver()
      return await replay(order, body)
    }
    if let missed {
      let reproduced = wanted.prefix(missed.step).joined(separator: " ")
      let ready =
        missed.ready.isEmpty
        ? "nothing was ready" : "ready: " + Listing.items(missed.ready.map { "`\($0)`" })
      let timeline = Self.timeline(of: run)
      let message =
        "The replay did not reproduce `\(order)`: at step \(missed.step + 1)"
        + (reproduced.isEmpty ? "" : ", after `\(reproduced)`") + ", `\(missed.token)` was not "
        + "ready (\(ready)). Either the code changed so that this order no longer happens "
        + "(explore again, and replay an order it reports now), or the scenario is not "
        + "deterministic. " + Divergence.likelyCauses
      return ExplorationReport(
        orders: orders, isExhaustive: false, skippedByReduction: skipped, summary: "replay",
        failingOrder: order,
        failure: [run.unseenWorkNote, message].compactMap { $0 }.joined(separator: "\n")
          + timeline)
    }
    if let failure = run.failure {
      return failed(run, failure, summary: "replay")
    }
    return passed("replay of \(order)", exhaustive: false)
  }

  // MARK: Depth-first with sleep sets

  /// A point of the search tree: what was ready, what was tried, and what need not be.
  private struct Node {
    let ready: [ExplorationChoice]
    var done: [String] = []
    /// Events whose orders with this point's alternatives were already covered.
    var sleep: [ExplorationChoice] = []
  }

  private func depthFirst(
    budget: Int, isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async -> ExplorationReport {
    var path: [Node] = []
    var prefix: [String] = []
    while true {
      var nodes = path
      var divergence: Divergence?
      let run = await ExplorationRun.perform(
        strict: strict, timeout: timeout, site: site, mainActorTrips: mainActorTrips, body
      ) { step, ready in
        if step < prefix.count {
          // A replayed point must offer what it offered when it was first reached: otherwise the
          // orders below it are not the ones recorded, and counting them would claim too much.
          let recorded = nodes[step].ready.map(\.token)
          guard ready.map(\.token) == recorded else {
            divergence = Divergence(
              step: step, prefix: prefix, recorded: recorded, now: ready.map(\.token))
            return nil
          }
          return ready.first { $0.token == prefix[step] }
        }
        // A new point: its sleep set comes from the parent's, kept where independent.
        var node = Node(ready: ready)
        if let parent = nodes.last,
          let picked = parent.ready.first(where: {
            $0.token == parent.done.last
          })
        {
          let asleep =
            parent.sleep + parent.ready.filter { parent.done.dropLast().contains($0.token) }
          node.sleep = asleep.filter { $0.isIndependent(of: picked) }
        }
        let sleeping = Set(node.sleep.map(\.token))
        let choice = ready.first { !sleeping.contains($0.token) } ?? ready[0]
        node.done.append(choice.token)
        nodes.append(node)
        return choice
      }
      orders += 1
      keep(run)
      if divergence == nil, run.steps.count < prefix.count {
        // The run ended where the recorded one went on: nothing was ready at that point.
        let step = run.steps.count
        divergence = Divergence(
          step: step, prefix: prefix, recorded: nodes[step].ready.map(\.token), now: [])
      }
      if let divergence {
        if mainActorTrips < Self.mostTrips {
          // A main-actor chain may have outrun the trips: start over with twice as many.
          startOver()
          path = []
          prefix = []
          continue
        }
        return notDeterministic(run, divergence, summary: "depth-first, after \(orders - 1) passed")
      }
      if let failure = run.failure {
        return failed(run, failure, summary: "depth-first, after \(orders - 1) passed")
      }
      path = nodes
      // Backtrack to the deepest point with an untried alternative that is not asleep.
      var next: (depth: Int, token: String)?
      while let last = path.indices.last {
        let node = path[last]
        let sleeping = Set(node.sleep.map(\.token))
        let untried = node.ready.filter { !node.done.contains($0.token) }
        skipped += untried.filter { sleeping.contains($0.token) }.count
        if let choice = untried.first(where: { !sleeping.contains($0.token) }) {
          next = (last, choice.token)
          break
        }
        path.removeLast()
      }
      guard let next else {
        coveredEveryOrder = true
        let all = "all \(orders) order\(orders == 1 ? "" : "s")"
        return passed(
          unseenCalls.isEmpty ? "exhaustive: " + all : "depth-first: " + all + " it reached",
          exhaustive: true)
      }
      // Alternatives skipped above are counted once more when the point is left again: undo.
      let node = path[next.depth]
      let sleeping = Set(node.sleep.map(\.token))
      skipped -=
        node.ready.filter {
          !node.done.contains($0.token) && sleeping.contains($0.token)
        }.count
      path[next.depth].done.append(next.token)
      prefix = path[...next.depth].enumerated().map { index, node in
        index == next.depth ? next.token : node.done.last!
      }
      // Points below the new choice are found again by the next run.
      path = Array(path[...next.depth])
      if orders >= budget {
        return passed(
          "depth-first: \(orders) orders, the budget, before the space was covered",
          exhaustive: false)
      }
    }
  }

  // MARK: Random and PCT

  /// Runs `runs` orders picked from `seed`: uniformly, or by PCT priorities when `depth` is set.
  /// Returns the failure report, or `nil` if every order passed.
  private func sampled(
    runs: Int, seed: UInt64, depth: Int?, label: String,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async -> ExplorationReport? {
    var expectedSteps = 8
    for index in 0..<runs {
      var generator = SeededGenerator(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
      var priorities: [String: Double] = [:]
      var changes: Set<Int> = []
      if let depth {
        for _ in 0..<(depth - 1) {
          changes.insert(Int.random(in: 0..<expectedSteps, using: &generator))
        }
      }
      let run = await ExplorationRun.perform(
        strict: strict, timeout: timeout, site: site, mainActorTrips: mainActorTrips, body
      ) { step, ready in
        guard depth != nil else { return ready.randomElement(using: &generator) }
        for choice in ready where priorities[choice.source] == nil {
          priorities[choice.source] = Double.random(in: 1..<2, using: &generator)
        }
        let top = ready.max { priorities[$0.source]! < priorities[$1.source]! }!
        let sameSource = ready.filter { $0.source == top.source }
        let choice = sameSource.randomElement(using: &generator) ?? top
        if changes.contains(step) {
          priorities[choice.source] = (priorities.values.min() ?? 1) - 1
        }
        return choice
      }
      orders += 1
      keep(run)
      expectedSteps = max(expectedSteps, run.steps.count)
      if let failure = run.failure {
        return failed(run, failure, summary: "\(label) from seed \(seed), run \(index + 1)")
      }
    }
    return nil
  }

  // MARK: Reports

  /// A replayed point whose ready events differ from those recorded when it was first reached.
  struct Divergence {
    /// The point, counted from 0.
    let step: Int
    /// The order being replayed.
    let prefix: [String]
    let recorded: [String]
    let now: [String]

    /// Says which events appeared or disappeared at the point, and the likely causes.
    var message: String {
      let order = prefix.prefix(step + 1).joined(separator: " ")
      let gone = recorded.filter { !now.contains($0) }
      let new = now.filter { !recorded.contains($0) }
      var changes: [String] = []
      if !gone.isEmpty {
        changes.append(
          "\(Listing.items(gone.map { "`\($0)`" })) \(gone.count == 1 ? "was" : "were") ready before "
            + "and \(gone.count == 1 ? "is" : "are") not now")
      }
      if !new.isEmpty {
        changes.append(
          "\(Listing.items(new.map { "`\($0)`" })) \(new.count == 1 ? "is" : "are") ready now and "
            + "\(new.count == 1 ? "was" : "were") not before")
      }
      return "The scenario is not deterministic at step \(step + 1) of `\(order)`: "
        + changes.joined(separator: "; ") + ". Replaying the same choices reached a point with "
        + "other events, so the orders below it were not the ones recorded, and no order count is "
        + "claimed. " + Self.likelyCauses
    }

    /// Why the same choices can reach other events.
    static let likelyCauses =
      "Likely causes: work settling cannot see (a plain Task {} or Task.detached, a thread, a "
      + "real service or continuation), so an event arrives after the point was judged settled; "
      + "a real clock; a random value; or state shared between runs (create every object inside "
      + "the scenario's closure)."
  }

  private func notDeterministic(
    _ run: ExplorationRun, _ divergence: Divergence, summary: String
  ) -> ExplorationReport {
    let timeline = Self.timeline(of: run)
    return ExplorationReport(
      orders: orders, isExhaustive: false, skippedByReduction: skipped, summary: summary,
      failingOrder: divergence.prefix.prefix(divergence.step + 1).joined(separator: " "),
      failure: [run.unseenWorkNote, divergence.message].compactMap { $0 }.joined(separator: "\n")
        + timeline)
  }

  private func passed(_ summary: String, exhaustive: Bool) -> ExplorationReport {
    let reduction = skipped > 0 ? ", \(skipped) skipped as reorderings of independent events" : ""
    return ExplorationReport(
      orders: orders, isExhaustive: exhaustive && unseenCalls.isEmpty, skippedByReduction: skipped,
      summary: summary + reduction + restartText + (answeredText.map { "; " + $0 } ?? "")
        + (unseenText.map { ". " + $0 } ?? "") + (notesText.map { ". " + $0 } ?? ""),
      failingOrder: nil, failure: nil)
  }

  /// What a passing report says of held calls made by work settling cannot see; `nil` if none.
  ///
  /// Such a call is ready at a point only if it arrived before the explorer read the point, so
  /// the orders run depend on timing, and another run may reach orders these did not.
  private var unseenText: String? {
    guard !unseenCalls.isEmpty else { return nil }
    return "Not exhaustive: work settling cannot see made held calls ("
      + Scenario.unseenCallList(unseenCalls) + "), so whether each was ready at a point depended "
      + "on timing, and other runs may reach orders these did not. " + Scenario.bindUnseenWork
  }

  /// The timeline of a failing run, as a report ends with it; empty if nothing was recorded.
  private static func timeline(of run: ExplorationRun) -> String {
    run.transcript.isEmpty ? "" : "\nThe timeline of that run:\n\(run.transcript)"
  }

  /// Forgets what the runs so far counted and doubles the main-actor trips, to start over.
  private func startOver() {
    mainActorTrips *= 2
    restarts += 1
    orders = 0
    skipped = 0
    answered = [:]
    coveredEveryOrder = false
  }

  /// What a report says of the times the exploration started over; empty if none.
  private var restartText: String {
    guard restarts > 0 else { return "" }
    return " (started over \(restarts == 1 ? "once" : "\(restarts) times"), with longer waits on "
      + "the main actor, after a point offered other events than before)"
  }

  /// Keeps what `run` did not explore, and tallies the answers it gave.
  private func keep(_ run: ExplorationRun) {
    for note in run.notes where !notes.contains(note) { notes.append(note) }
    registeredMethods.formUnion(run.registeredMethods)
    if run.sweeps { sweeps = true }
    for call in run.unseenCalls where !unseenCalls.contains(where: { $0.token == call.token }) {
      unseenCalls.append(call)
    }
    for step in run.steps {
      guard let (method, mark) = step.outcome else { continue }
      answered[method, default: [:]][mark, default: 0] += 1
    }
  }

  /// The tally as a sweep's report says it: `answered: MockAuth.login 3✓ 2✗; never called:
  /// MockAuth.logout`; `nil` without a sweep.
  private var answeredText: String? {
    guard sweeps else { return nil }
    let order = ["✓", "✗", "⊘"]
    var parts: [String] = []
    if !answered.isEmpty {
      parts.append(
        "answered: "
          + answered.keys.sorted().map { method in
            let counts = answered[method, default: [:]]
            let marks = counts.keys.sorted {
              (order.firstIndex(of: $0) ?? order.count, $0)
                < (order.firstIndex(of: $1) ?? order.count, $1)
            }
            return method + " "
              + marks.map { "\(counts[$0, default: 0])\($0)" }.joined(
                separator: " ")
          }.joined(separator: ", "))
    }
    let never = registeredMethods.subtracting(answered.keys).sorted()
    if !never.isEmpty { parts.append("never called: " + never.joined(separator: ", ")) }
    return parts.joined(separator: "; ")
  }

  /// What the runs did not explore, as the report says it; `nil` if nothing.
  private var notesText: String? {
    notes.isEmpty ? nil : "Not explored: " + notes.joined(separator: "; ")
  }

  private func failed(
    _ run: ExplorationRun, _ failure: String, summary: String
  ) -> ExplorationReport {
    let timeline = Self.timeline(of: run)
    let notes = notesText.map { "\n" + $0 + "." } ?? ""
    return ExplorationReport(
      orders: orders, isExhaustive: false, skippedByReduction: skipped, summary: summary,
      failingOrder: run.order, failure: failure + notes + timeline)
  }
}
