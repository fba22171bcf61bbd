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
/// Isolation: stateless; pure functions of a run.
enum RaceFinder {
  /// For a run given as its points (what was ready, what was picked), the tokens each point must
  /// try, by point.
  static func backtracks(
    of run: [(ready: [SearchEvent], picked: SearchEvent)]
  ) -> [Int: Set<String>] {
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
        needed[i, default: []].formUnion(reversal(of: i, by: j, in: run, before: before))
      }
    }
    for (j, point) in run.enumerated() {
      let next = j + 1 < run.count ? Set(run[j + 1].ready.map(\.token)) : []
      let disabled = point.ready.filter {
        $0.token != point.picked.token && !next.contains($0.token)
      }
      if !disabled.isEmpty { needed[j, default: []].formUnion(disabled.map(\.token)) }
    }
    return needed
  }

  /// The point whose event made `token` ready for point `j`: the last one before which it was
  /// not ready; `nil` if it was ready from the first point on.
  private static func enabler(
    of token: String, at j: Int, in run: [(ready: [SearchEvent], picked: SearchEvent)]
  ) -> Int? {
    var first = j
    while first > 0, run[first - 1].ready.contains(where: { $0.token == token }) { first -= 1 }
    return first == 0 ? nil : first - 1
  }

  /// What point `i` must try so that event `j` (or what leads to it) comes before `i`'s event.
  private static func reversal(
    of i: Int, by j: Int, in run: [(ready: [SearchEvent], picked: SearchEvent)],
    before: [Set<Int>]
  ) -> Set<String> {
    let ready = Set(run[i].ready.map(\.token))
    if ready.contains(run[j].picked.token) { return [run[j].picked.token] }
    // The first event after `i` that `j` needs, not after `i` itself, that was ready at `i`.
    for k in (i + 1)..<j where before[j].contains(k) && !before[k].contains(i) {
      if ready.contains(run[k].picked.token) { return [run[k].picked.token] }
    }
    return ready
  }
}
