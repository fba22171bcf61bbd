/// A replayed point whose ready events differ from those recorded when it was first reached.
///
/// Isolation: `Sendable` value.
struct Divergence: Sendable, Equatable {
  /// The point, counted from 0.
  let step: Int
  /// The order being replayed.
  let prefix: [String]
  let recorded: [String]
  let now: [String]

  /// The order up to and including the point, as a failure names it.
  var order: String { prefix.prefix(step + 1).joined(separator: " ") }

  /// Says which events appeared or disappeared at the point, and the likely causes.
  var message: String {
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
