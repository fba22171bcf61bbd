/// Depth-first over every order that differs in more than swapping independent events: dynamic
/// partial-order reduction (source sets) with sleep sets.
///
/// The tree is a value: the path of points of the last run, each with what was ready, what was
/// tried, what must be tried, and what need not be. Every run replays a prefix of choices from the
/// root, then goes on with the first event awake. At its end the search finds the run's races:
/// two dependent events with nothing between them that orders them, the later of which could have
/// come first. For each, the point of the earlier one must also try the later one (or, if it was
/// not ready there, an event that leads to it; if none, everything). Other outcomes of the call
/// answered at a point are always tried. The search then backtracks to the deepest point with an
/// event to try that is awake, and that is the next run's prefix. Independent events are never
/// reordered, so k screens that share nothing run one order.
///
/// Isolation: a value owned by one exploration.
struct DepthFirstSearch: Search {
  /// A point of the search tree: what was ready, what was tried, and what need not be.
  struct Node: Equatable {
    let ready: [SearchEvent]
    /// What was ready too but left out by the bound on preemptions.
    var cut: [SearchEvent] = []
    var done: [String] = []
    /// Events whose orders with this point's alternatives were already covered.
    var sleep: [SearchEvent] = []
    /// The events this point must try: the first one run, and those races added.
    var backtrack: Set<String> = []
  }

  /// At most this many runs.
  let budget: Int
  /// Whether only the events races need are tried at a point; else every event awake (sleep
  /// sets alone).
  let reducesByRaces: Bool
  /// The points of the last finished run, down to where the next run branches off.
  private(set) var path: [Node] = []
  /// The choices the next run replays from the root.
  private var prefix: [String] = []
  /// The points of the run in progress.
  private var nodes: [Node] = []
  private var mismatch: SearchMismatch?
  private(set) var runs = 0
  private(set) var skipped = 0
  private(set) var isComplete = false

  init(budget: Int, reducesByRaces: Bool = true) {
    self.budget = budget
    self.reducesByRaces = reducesByRaces
  }

  var failureSummary: String { "depth-first, after \(runs - 1) passed" }

  mutating func startRun() -> Bool {
    guard !isComplete, runs < budget else { return false }
    runs += 1
    nodes = path
    mismatch = nil
    return true
  }

  mutating func choose(
    at step: Int, among ready: [SearchEvent], cut: [SearchEvent]
  ) -> SearchEvent? {
    if step < prefix.count {
      // A replayed point must offer what it offered when it was first reached: otherwise the
      // orders below it are not the ones recorded, and counting them would claim too much.
      let recorded = nodes[step].ready.map(\.token)
      guard ready.map(\.token) == recorded else {
        mismatch = .diverged(
          Divergence(step: step, prefix: prefix, recorded: recorded, now: ready.map(\.token)))
        return nil
      }
      return ready.first { $0.token == prefix[step] }
    }
    // A new point: its sleep set comes from the parent's, kept where independent.
    var node = Node(ready: ready, cut: cut)
    if let parent = nodes.last,
      let picked = parent.ready.first(where: { $0.token == parent.done.last })
    {
      let asleep = parent.sleep + parent.ready.filter { parent.done.dropLast().contains($0.token) }
      node.sleep = asleep.filter { $0.isIndependent(of: picked) }
    }
    let sleeping = Set(node.sleep.map(\.token))
    let choice = ready.first { !sleeping.contains($0.token) } ?? ready[0]
    node.done.append(choice.token)
    // Another outcome of the same call is another run, never a reordering.
    node.backtrack = Set(ready.filter { $0.source == choice.source }.map(\.token))
    nodes.append(node)
    return choice
  }

  mutating func endRun(steps: Int) -> SearchMismatch? {
    if mismatch == nil, steps < prefix.count {
      // The run ended where the recorded one went on: nothing was ready at that point.
      mismatch = .diverged(
        Divergence(step: steps, prefix: prefix, recorded: nodes[steps].ready.map(\.token), now: []))
    }
    if let mismatch { return mismatch }
    path = nodes
    addRaces()
    guard let next = backtrack() else {
      isComplete = true
      path = []
      return nil
    }
    path[next.depth].done.append(next.token)
    prefix = path[...next.depth].enumerated().map { index, node in
      index == next.depth ? next.token : node.done.last!
    }
    // Points below the new choice are found again by the next run.
    path = Array(path[...next.depth])
    return nil
  }

  /// Leaves the points with nothing left to try, counting the alternatives they skip (asleep, or
  /// needed by no race), and returns the deepest point's next event to try; `nil` when the tree
  /// is covered.
  private mutating func backtrack() -> (depth: Int, token: String)? {
    while let last = path.indices.last {
      let node = path[last]
      let sleeping = Set(node.sleep.map(\.token))
      let untried = node.ready.filter { !node.done.contains($0.token) }
      if let choice = untried.first(where: {
        (!reducesByRaces || node.backtrack.contains($0.token)) && !sleeping.contains($0.token)
      }) {
        return (last, choice.token)
      }
      skipped += untried.count
      path.removeLast()
    }
    return nil
  }

  /// Adds to the points of the run just ended what its races need tried (see ``RaceFinder``).
  private mutating func addRaces() {
    let run = path.map { node in
      RaceFinder.Point(
        ready: node.ready, picked: node.ready.first { $0.token == node.done.last }!, cut: node.cut)
    }
    for (point, tokens) in RaceFinder.backtracks(of: run) {
      path[point].backtrack.formUnion(tokens)
    }
  }
}
