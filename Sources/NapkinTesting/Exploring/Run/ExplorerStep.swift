/// A step the explorer took in a run, as its timeline shows it: "explorer answered `login#1`
/// with success".
///
/// Kept as its parts and written out only when a timeline is shown: every ready event at every
/// point carries one, and most are never picked, nor their run's timeline read.
///
/// Isolation: `Sendable` value.
enum ExplorerStep: Sendable, CustomStringConvertible {
  /// An action started: its token.
  case started(action: String)
  /// A held call answered: its token, the mock's label and the answer.
  case answered(call: String, of: String, with: ExploredAnswer)
  /// A stream element sent: its token.
  case sent(element: String)
  /// A clock advanced to a deadline: the clock's label and the deadline's token.
  case advanced(clock: String, deadline: String)
  /// A throwing stream ended: its label and how.
  case ended(stream: String, with: ExploredEnding)
  /// An action let go on past an `await`: the hop's token, and whether it goes on on the main
  /// actor (else in another actor's turn).
  case resumed(hop: String, onMainActor: Bool)

  var description: String {
    switch self {
    case .started(let action): "started the action `\(action)`"
    case .answered(let call, let mock, let answer):
      "answered `\(call)` of \(mock) with \(answer.story)"
    case .sent(let element): "sent `\(element)`"
    case .advanced(let clock, let deadline): "advanced \(clock) to its deadline `\(deadline)`"
    case .ended(let stream, let ending): "ended `\(stream)` with \(ending.story)"
    case .resumed(let hop, let onMainActor):
      "let `\(hop)` run: the action `\(hop.prefix(upTo: hop.lastIndex(of: ".") ?? hop.endIndex))` "
        + "goes on past that await, \(onMainActor ? "on the main actor" : "on another actor")"
    }
  }
}
