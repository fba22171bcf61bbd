import Testing

@testable import NapkinTesting

/// A tree of orders with no actor and no runtime: sources (like actions) each offering their
/// tokens one after another, each with a footprint; at every point the next token of each source
/// that has one left is ready. A search is run over it as the explorer would run it.
struct FakeEventTree {
  /// One source of events: its tokens, in the only order it offers them, and what it affects.
  struct Source {
    let tokens: [String]
    let footprint: Set<ObjectIdentifier>?
    let name: String
  }

  var sources: [Source]
  /// With a bound, a token with a dot (`a.1`) is a hop, held while it is its source's next token,
  /// and picking an event that preempts a held hop spends one preemption, as the explorer does.
  var preemptions: Int?

  /// Sources of `tokens`, each affecting the object numbered in `objects` (0 to 7): sources on
  /// one object are dependent, on different objects independent; `nil` affects anything.
  init(_ tokens: [[String]], objects: [Int?], preemptions: Int? = nil) {
    self.preemptions = preemptions
    sources = zip(tokens, objects).enumerated().map { index, pair in
      Source(
        tokens: pair.0, footprint: pair.1.map { [Self.objects[$0]] }, name: "source\(index)")
    }
  }

  /// Sources that each affect an object of their own when `independent`, else anything.
  init(_ tokens: [[String]], independent: Bool) {
    self.init(tokens, objects: tokens.indices.map { independent ? $0 : nil })
  }

  /// Every order of the tree: every interleaving of its sources.
  var allOrders: [[String]] {
    var orders: [[String]] = []
    func extend(_ path: [String]) {
      let events = point(after: path).offered
      if events.isEmpty { orders.append(path) }
      for event in events { extend(path + [event.token]) }
    }
    extend([])
    return orders
  }

  /// Whether two orders differ only by swapping independent events: every two dependent events
  /// come in the same order in both.
  func areEquivalent(_ first: [String], _ second: [String]) -> Bool {
    let events = Dictionary(
      uniqueKeysWithValues: sources.flatMap { source in
        source.tokens.map { ($0, SearchEvent(token: $0, footprint: source.footprint)) }
      })
    for (i, x) in first.enumerated() {
      for y in first[(i + 1)...] where !events[x]!.isIndependent(of: events[y]!) {
        guard let xAt = second.firstIndex(of: x), let yAt = second.firstIndex(of: y), xAt < yAt
        else { return false }
      }
    }
    return true
  }

  /// What the explorer offers after `path` was taken, and what its bound leaves out.
  func point(after path: [String]) -> (offered: [SearchEvent], cut: [SearchEvent]) {
    guard let preemptions else { return (ready(after: path), []) }
    var left = preemptions
    for step in path.indices {
      let before = Array(path[..<step])
      let picked = ready(after: before).first { $0.token == path[step] }!
      if picked.preempts(heldHops(after: before)) { left -= 1 }
    }
    let all = ready(after: path)
    let held = heldHops(after: path)
    guard !held.isEmpty, left <= 0 else { return (all, []) }
    return (all.filter { !$0.preempts(held) }, all.filter { $0.preempts(held) })
  }

  /// The hops held after `path`, the longest held first.
  private func heldHops(after path: [String]) -> [SearchEvent] {
    let held = ready(after: path).filter { $0.token.contains(".") }
    return held.sorted { hop, other in
      heldSince(hop, after: path) < heldSince(other, after: path)
    }
  }

  /// Where in `path` the source of `hop` took the token before it.
  private func heldSince(_ hop: SearchEvent, after path: [String]) -> Int {
    let source = sources.first { $0.name == hop.source }!
    let previous = source.tokens[source.tokens.firstIndex(of: hop.token)! - 1]
    return path.firstIndex(of: previous)!
  }

  /// The events ready after `path` was taken.
  func ready(after path: [String]) -> [SearchEvent] {
    sources.compactMap { source in
      let taken = path.filter { source.tokens.contains($0) }.count
      guard taken < source.tokens.count else { return nil }
      return SearchEvent(
        token: source.tokens[taken], source: source.name, footprint: source.footprint)
    }
  }

  /// Runs `search` to its end over the tree; returns each run's order, and the first mismatch.
  func orders(
    of search: inout some Search, ready: ((_ run: Int, _ path: [String]) -> [SearchEvent])? = nil
  ) -> (orders: [[String]], mismatch: SearchMismatch?) {
    var orders: [[String]] = []
    while search.startRun() {
      var path: [String] = []
      while true {
        let (offered, cut) = point(after: path)
        let events = ready?(orders.count, path) ?? offered
        guard !events.isEmpty, let event = search.choose(at: path.count, among: events, cut: cut)
        else { break }
        #expect(events.contains(event), "picked an event that was not ready: \(event.token)")
        path.append(event.token)
      }
      orders.append(path)
      if let mismatch = search.endRun(steps: path.count) { return (orders, mismatch) }
    }
    return (orders, nil)
  }

  /// Distinct objects for footprints, kept alive for the whole test process.
  private static let objects: [ObjectIdentifier] = anchors.map { ObjectIdentifier($0) }
  private static let anchors: [Anchor] = (0..<8).map { _ in Anchor() }
  private final class Anchor: Sendable {}
}
