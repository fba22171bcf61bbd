/// What an exploration's runs added up to, and the reports written from it: orders run, answers
/// given, what was not explored, unseen work, and the times it started over.
///
/// Isolation: a value owned by one exploration.
struct ExplorationTally {
  /// Orders run so far.
  var orders = 0
  /// Alternatives the finished searches skipped as reorderings of independent events.
  var skipped = 0
  /// How many times the exploration started over.
  var restarts = 0
  /// Why the main actor was waited on by passes through the main queue, its executor not
  /// watched (the runtime's hook is missing here, or turned off); `nil` if it was watched.
  var mainActorUnwatched: String?
  /// What the orders interleaved besides events (`events and the actions' awaits on the main
  /// actor, up to 1 preemption per order`); `nil` for events only.
  var interleaving: String?
  /// Whether the strategy asked for awaits to be interleaved where they could not be: then no
  /// report claims to be exhaustive.
  var interleavingUnavailable = false
  /// How many calls of each method ran with each answer: `MockAuth.login` to `✓` to 3.
  private(set) var answered: [String: [String: Int]] = [:]
  /// What the runs did not explore, each once, in the order found.
  private var notes: [String] = []
  /// The methods registered for answers in any run, where known.
  private var registeredMethods: Set<String> = []
  /// Whether any run swept a mock: only then does the summary tally the answers.
  private var sweeps = false
  /// Held calls made by work settling cannot see, over every run, each once: with any, no report
  /// claims to be exhaustive.
  private(set) var unseenCalls: [(token: String, caller: String)] = []

  /// Counts `run`, keeps what it did not explore, and tallies the answers it gave.
  mutating func keep(_ run: ExplorationRun) {
    orders += 1
    for note in run.notes where !notes.contains(note) { notes.append(note) }
    registeredMethods.formUnion(run.registeredMethods)
    if run.sweeps { sweeps = true }
    for call in run.unseenCalls where !unseenCalls.contains(where: { $0.token == call.token }) {
      unseenCalls.append(call)
    }
    for step in run.steps {
      guard let (method, mark) = step.outcome else { continue }
      answered[method, default: [:]][mark, default: 0] += 1
    }
  }

  /// Forgets the orders, skips and answers counted, to start over; keeps what was found not
  /// explored or unseen, which the new runs would find again.
  mutating func startOver() {
    orders = 0
    skipped = 0
    answered = [:]
    restarts += 1
  }

  // MARK: Reports

  /// Whether every run saw every call it reached: no unseen work made held calls, and no call ran
  /// before its registration. Only then can covering every order be called exhaustive.
  var sawEveryCall: Bool { unseenCalls.isEmpty && notes.isEmpty }

  /// A passing report: `summary`, then what was skipped, restarts, answers, unseen work and notes.
  /// Exhaustive only if `exhaustive` and every run saw every call it reached.
  func passed(_ summary: String, exhaustive: Bool) -> ExplorationReport {
    let reduction = skipped > 0 ? ", \(skipped) skipped as reorderings of independent events" : ""
    return ExplorationReport(
      orders: orders, isExhaustive: exhaustive && sawEveryCall && !interleavingUnavailable,
      skippedByReduction: skipped,
      summary: summary + (interleaving.map { " (\($0))" } ?? "") + reduction + restartText
        + mainActorText
        + (answeredText.map { "; " + $0 } ?? "")
        + (unseenText.map { ". " + $0 } ?? "") + (notesText.map { ". " + $0 } ?? ""),
      failingOrder: nil, failure: nil)
  }

  /// The report of a run that failed: its order, what failed, what was not explored, its timeline.
  func failed(_ run: ExplorationRun, _ failure: String, summary: String) -> ExplorationReport {
    let notes = notesText.map { "\n" + $0 + "." } ?? ""
    return ExplorationReport(
      orders: orders, isExhaustive: false, skippedByReduction: skipped,
      summary: summary + (interleaving.map { " (\($0))" } ?? ""),
      failingOrder: run.order, failure: failure + notes + Self.timeline(of: run))
  }

  /// The report of a run that did not follow its search's order: a replay that could not go on, or
  /// a point that offered other events than before.
  func mismatched(
    _ run: ExplorationRun, _ mismatch: SearchMismatch, replaying order: String?, summary: String
  ) -> ExplorationReport {
    let failingOrder: String
    let message: String
    switch mismatch {
    case .diverged(let divergence):
      failingOrder = divergence.order
      message = divergence.message
    case .missed(let step, let token, let ready):
      failingOrder = order ?? ""
      message = Self.missedMessage(order: order ?? "", step: step, token: token, ready: ready)
    }
    return ExplorationReport(
      orders: orders, isExhaustive: false, skippedByReduction: skipped, summary: summary,
      failingOrder: failingOrder,
      failure: [run.unseenWorkNote, message].compactMap { $0 }.joined(separator: "\n")
        + Self.timeline(of: run))
  }

  /// Says that a replay's token was not ready at its step, and what was.
  private static func missedMessage(
    order: String, step: Int, token: String, ready: [String]
  ) -> String {
    let reproduced = ExplorationMisuse.quoted(
      ExplorationOrder.tokens(of: order).prefix(step).joined(separator: " "))
    let ready =
      ready.prefix(ExplorationMisuse.quotedTokens)
      + (ready.count > ExplorationMisuse.quotedTokens ? ["…"] : [])
    let readyText =
      ready.isEmpty ? "nothing was ready" : "ready: " + Listing.items(ready.map { "`\($0)`" })
    return "The replay did not reproduce `\(ExplorationMisuse.quoted(order))`: at step \(step + 1)"
      + (reproduced.isEmpty ? "" : ", after `\(reproduced)`")
      + ", `\(ExplorationMisuse.escaped(token))` was not "
      + "ready (\(readyText)). Either the code changed so that this order no longer happens "
      + "(explore again, and replay an order it reports now), or the scenario is not "
      + "deterministic. " + Divergence.likelyCauses
  }

  /// The timeline of a failing run, as a report ends with it; empty if nothing was recorded.
  private static func timeline(of run: ExplorationRun) -> String {
    run.transcript.isEmpty ? "" : "\nThe timeline of that run:\n\(run.transcript)"
  }

  /// What a passing report says of held calls made by work settling cannot see; `nil` if none.
  ///
  /// Such a call is ready at a point only if it arrived before the explorer read the point, so
  /// the orders run depend on timing, and another run may reach orders these did not.
  private var unseenText: String? {
    guard !unseenCalls.isEmpty else { return nil }
    return "Not exhaustive: work settling cannot see made held calls ("
      + Scenario.unseenCallList(unseenCalls) + "), so whether each was ready at a point depended "
      + "on timing, and other runs may reach orders these did not. " + Scenario.bindUnseenWork
  }

  /// What a report says of the times the exploration started over; empty if none.
  private var mainActorText: String {
    guard let reason = mainActorUnwatched else { return "" }
    return "; the main actor was waited on by passes through the main queue, not watched: "
      + reason
  }

  private var restartText: String {
    guard restarts > 0 else { return "" }
    return " (started over \(restarts == 1 ? "once" : "\(restarts) times"), with longer waits on "
      + "the main actor, after a point offered other events than before)"
  }

  /// The tally as a sweep's report says it: `answered: MockAuth.login 3✓ 2✗; never called:
  /// MockAuth.logout`; `nil` without a sweep.
  private var answeredText: String? {
    guard sweeps else { return nil }
    var parts: [String] = []
    if !answered.isEmpty {
      parts.append(
        "answered: "
          + answered.keys.sorted().map { $0 + " " + Self.marks(answered[$0, default: [:]]) }
          .joined(separator: ", "))
    }
    let never = registeredMethods.subtracting(answered.keys).sorted()
    if !never.isEmpty { parts.append("never called: " + never.joined(separator: ", ")) }
    return parts.joined(separator: "; ")
  }

  /// One method's answers as `3✓ 2✗ 1⊘`: success, failure, cancellation, then any other mark.
  private static func marks(_ counts: [String: Int]) -> String {
    let order = ["✓", "✗", "⊘"]
    let marks = counts.keys.sorted {
      (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1)
    }
    return marks.map { "\(counts[$0, default: 0])\($0)" }.joined(separator: " ")
  }

  /// What the runs did not explore, as the report says it; `nil` if nothing.
  private var notesText: String? {
    notes.isEmpty ? nil : "Not explored: " + notes.joined(separator: "; ")
  }
}
