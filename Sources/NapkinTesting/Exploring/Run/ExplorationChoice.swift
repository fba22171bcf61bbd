/// One event ready at a settled point of a run, as the explorer picks it: its token in the order
/// string, what it may affect, and how to deliver it.
struct ExplorationChoice: Sendable {
  /// The event's name in an order string, unique among the events ready at this point.
  let token: String
  /// Where the choice comes from, for PCT's priorities: an action, one held call, a stream, a
  /// clock.
  let source: String
  /// The interactors and mocks the event can affect; `nil` when unknown (then it is ordered
  /// against every other event).
  let footprint: Set<ObjectIdentifier>?
  let deliver: @Sendable () async -> Void
  /// Whether the work the event resumes can wait for the explorer to run it: `false` for an
  /// event whose delivery itself waits for that work (a clock's advance).
  var collectsJobs = true
  /// For an answer to a held call: the method (`MockAuth.login`) and the answer's mark (`✓`),
  /// for the report's tally.
  var outcome: (method: String, mark: String)?
  /// What the timeline of a run says when the explorer delivers the event, such as "answered
  /// `login#1` with a failure: SimulatedError".
  var story: ExplorerStep

  /// The event as a search sees it.
  var event: SearchEvent { SearchEvent(token: token, source: source, footprint: footprint) }
}
