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

  /// Sources of `tokens`, each affecting the object numbered in `objects` (0 to 7): sources on
  /// one object are dependent, on different objects independent; `nil` affects anything.
  init(_ tokens: [[String]], objects: [Int?]) {
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
      let events = ready(after: path)
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
        let events = ready?(orders.count, path) ?? self.ready(after: path)
        guard !events.isEmpty, let event = search.choose(at: path.count, among: events) else {
          break
        }
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
