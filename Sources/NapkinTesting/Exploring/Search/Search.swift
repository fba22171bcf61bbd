/// A way to pick orders: asked at the start of each run, at each settled point of it, and at its end.
///
/// The driver (``Explorer``) runs the scenario; a search only chooses. Each strategy is one value
/// conforming to this protocol, so it is tested on fake event trees, with no actor and no runtime.
///
/// Isolation: a value owned by one exploration, used from one task.
protocol Search {
  /// What a failure report calls the search so far, such as `depth-first, after 3 passed`.
  var failureSummary: String { get }
  /// How many alternatives the search skipped as reorderings of independent events.
  var skipped: Int { get }
  /// Whether the search ran every order it could tell apart (only depth-first can).
  var isComplete: Bool { get }

  /// Starts the next run; `false` when the search has run all it will.
  mutating func startRun() -> Bool
  /// Picks one of `ready`, the events ready at point `step` (from 0); `nil` ends the run, as a
  /// replayed order that cannot go on does. `cut` were ready too but left out by the bound on
  /// preemptions: a search that reorders by races must not count on reversing one there.
  mutating func choose(
    at step: Int, among ready: [SearchEvent], cut: [SearchEvent]
  ) -> SearchEvent?
  /// Ends the run, which picked an event at `steps` points; returns why the run does not count, if
  /// it reached other events than the search recorded.
  mutating func endRun(steps: Int) -> SearchMismatch?
}

extension Search {
  var skipped: Int { 0 }
  var isComplete: Bool { false }
  mutating func endRun(steps: Int) -> SearchMismatch? { nil }
}
