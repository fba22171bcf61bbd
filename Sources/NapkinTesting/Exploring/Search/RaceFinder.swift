/// The races of one run, and what each needs tried: the backtracking half of dynamic partial-order
/// reduction (Flanagan and Godefroid; source sets, as Abdulla et al. name them).
///
/// Event `j` happens after event `i` if `i` made it ready (it was not ready before `i` and was
/// from then on), or the two are dependent, or through a chain of both. Two dependent events race
/// when nothing else between them orders them: the later one could have come first. Reversing it
/// means running, at the earlier one's point, the later one if it was ready there, else the first
/// event after that point that leads to it and was ready there, else everything ready there.
///
/// An event can also be disabled: ready at a point, not picked, and not ready at the next (a
/// deactivation ends a stream's subscription and cancels a held call). The point that disabled it
/// must try it too, since the run never reached it to race it.
///
/// Where the explorer bounds preemptions, a point may leave out events that were ready (see
/// ``Point/cut``). A reversal that needs one of those cannot happen at that point within the bound,
/// so every earlier point with a choice tries everything it offered: an order that spends its
/// preemptions elsewhere, or later, may reach it (the conservative rule of Coons, Musuvathi and
/// McKinley's bounded partial-order reduction).
///
/// Isolation: stateless; pure functions of a run.
enum RaceFinder {
  /// One point of a run: what it offered, what it picked, and what the bound left out.
  struct Point {
    let ready: [SearchEvent]
    let picked: SearchEvent
    /// Events ready at the point that the bound on preemptions did not offer.
    let cut: [SearchEvent]
    /// Every event that could run at the point, offered or not (read many times a run).
    let available: Set<String>

    init(ready: [SearchEvent], picked: SearchEvent, cut: [SearchEvent] = []) {
      self.ready = ready
      self.picked = picked
      self.cut = cut
      self.available = Set(ready.map(\.token)).union(cut.map(\.token))
    }
  }

  /// For a run given as its points, the tokens each point must try, by point.
  static func backtracks(of run: [Point]) -> [Int: Set<String>] {
    var before: [Set<Int>] = []
    var needed: [Int: Set<String>] = [:]
    for (j, point) in run.enumerated() {
      let event = point.picked
      let enabler = enabler(of: event.token, at: j, in: run)
      let dependent = (0..<j).filter { !run[$0].picked.isIndependent(of: event) }
      let direct = Set(dependent + (enabler.map { [$0] } ?? []))
      // Everything that happens before `j`: its direct predecessors and theirs.
      let all = direct.reduce(into: Set<Int>()) { all, k in all.formUnion(before[k] + [k]) }
      before.append(all)
      for i in dependent where i != enabler {
        // Ordered through a later predecessor: not a race.
        if direct.contains(where: { $0 > i && before[$0].contains(i) }) { continue }
        if enabler.map({ before[$0].contains(i) }) ?? false { continue }
        add(reversal(of: i, by: j, in: run, before: before), at: i, in: run, to: &needed)
      }
    }
    for (j, point) in run.enumerated() {
      let next = j + 1 < run.count ? run[j + 1].available : []
      let disabled = point.available.filter { $0 != point.picked.token && !next.contains($0) }
      add(disabled, at: j, in: run, to: &needed)
    }
    return needed
  }

  /// Adds `tokens` to what point `i` must try; if the bound left one out there, every earlier
  /// point with a choice tries everything it offered.
  private static func add(
    _ tokens: Set<String>, at i: Int, in run: [Point], to needed: inout [Int: Set<String>]
  ) {
    let offered = Set(run[i].ready.map(\.token))
    if !tokens.isDisjoint(with: offered) {
      needed[i, default: []].formUnion(tokens.intersection(offered))
    }
    guard !tokens.isSubset(of: offered) else { return }
    for k in 0..<i where run[k].ready.count > 1 {
      needed[k, default: []].formUnion(run[k].ready.map(\.token))
    }
  }

  /// The point whose event made `token` ready for point `j`: the last one before which it was
  /// not ready; `nil` if it was ready from the first point on.
  private static func enabler(of token: String, at j: Int, in run: [Point]) -> Int? {
    var first = j
    while first > 0, run[first - 1].available.contains(token) { first -= 1 }
    return first == 0 ? nil : first - 1
  }

  /// What point `i` must try so that event `j` (or what leads to it) comes before `i`'s event.
  private static func reversal(
    of i: Int, by j: Int, in run: [Point], before: [Set<Int>]
  ) -> Set<String> {
    let ready = run[i].available
    if ready.contains(run[j].picked.token) { return [run[j].picked.token] }
    // The first event after `i` that `j` needs, not after `i` itself, that was ready at `i`.
    for k in (i + 1)..<j where before[j].contains(k) && !before[k].contains(i) {
      if ready.contains(run[k].picked.token) { return [run[k].picked.token] }
    }
    return ready
  }
}
