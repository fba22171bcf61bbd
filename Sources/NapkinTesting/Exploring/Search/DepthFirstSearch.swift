/// Depth-first over every order, with sleep sets: an alternative whose orders with the ones already
/// tried only swap independent events is skipped.
///
/// The tree is a value: the path of points of the last run, each with what was ready, what was
/// tried, and what need not be. Every run replays a prefix of choices from the root, then goes on
/// with the first event awake; at its end the search backtracks to the deepest point with an
/// untried alternative that is awake, and that is the next run's prefix.
///
/// Isolation: a value owned by one exploration.
struct DepthFirstSearch: Search {
  /// A point of the search tree: what was ready, what was tried, and what need not be.
  struct Node: Equatable {
    let ready: [SearchEvent]
    var done: [String] = []
    /// Events whose orders with this point's alternatives were already covered.
    var sleep: [SearchEvent] = []
  }

  /// At most this many runs.
  let budget: Int
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

  init(budget: Int) {
    self.budget = budget
  }

  var failureSummary: String { "depth-first, after \(runs - 1) passed" }

  mutating func startRun() -> Bool {
    guard !isComplete, runs < budget else { return false }
    runs += 1
    nodes = path
    mismatch = nil
    return true
  }

  mutating func choose(at step: Int, among ready: [SearchEvent]) -> SearchEvent? {
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
    var node = Node(ready: ready)
    if let parent = nodes.last,
      let picked = parent.ready.first(where: { $0.token == parent.done.last })
    {
      let asleep = parent.sleep + parent.ready.filter { parent.done.dropLast().contains($0.token) }
      node.sleep = asleep.filter { $0.isIndependent(of: picked) }
    }
    let sleeping = Set(node.sleep.map(\.token))
    let choice = ready.first { !sleeping.contains($0.token) } ?? ready[0]
    node.done.append(choice.token)
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

  /// Leaves the points with nothing left to try, counting the alternatives asleep there, and
  /// returns the deepest point's next alternative; `nil` when the tree is covered.
  private mutating func backtrack() -> (depth: Int, token: String)? {
    while let last = path.indices.last {
      let node = path[last]
      let sleeping = Set(node.sleep.map(\.token))
      let untried = node.ready.filter { !node.done.contains($0.token) }
      if let choice = untried.first(where: { !sleeping.contains($0.token) }) {
        return (last, choice.token)
      }
      skipped += untried.filter { sleeping.contains($0.token) }.count
      path.removeLast()
    }
    return nil
  }
}
