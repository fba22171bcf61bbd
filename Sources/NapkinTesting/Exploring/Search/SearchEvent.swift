/// An event ready at a settled point, as a search sees it: its token, where it comes from, and what
/// it may affect. Nothing that runs: a search over fake trees needs no actor and no runtime.
///
/// Isolation: `Sendable` value.
struct SearchEvent: Hashable, Sendable {
  /// The event's name in an order string, unique among the events ready at its point.
  let token: String
  /// Where the event comes from, for PCT's priorities: an action, one held call, a stream, a clock.
  let source: String
  /// The interactors and mocks the event can affect; `nil` when unknown (then it is ordered against
  /// every other event).
  let footprint: Set<ObjectIdentifier>?

  init(token: String, source: String? = nil, footprint: Set<ObjectIdentifier>? = nil) {
    self.token = token
    self.source = source ?? token
    self.footprint = footprint
  }

  /// Whether the two events commute: both footprints are known and share nothing.
  func isIndependent(of other: SearchEvent) -> Bool {
    guard let footprint, let otherFootprint = other.footprint else { return false }
    return footprint.isDisjoint(with: otherFootprint)
  }
}

extension SearchEvent {
  /// Whether picking this event while `held` hops wait (oldest first) preempts one: it overtakes a
  /// hop held before it that it is not independent of.
  ///
  /// Only a dependent hop counts, so swapping two independent events never changes what an order
  /// spends: the orders within a bound are whole classes of equivalent orders, which the search's
  /// reductions need. Screens that share nothing never spend a preemption on each other.
  func preempts(_ held: [SearchEvent]) -> Bool {
    for hop in held {
      if hop.token == token { return false }
      if !hop.isIndependent(of: self) { return true }
    }
    return false
  }
}
