import NapkinMutex
import napkin

extension Scenario {
  /// The events ready now, sorted by token.
  func readyChoices() async -> [ExplorationChoice] {
    let snapshot = state.withLock { $0 }
    let (calls, unseen, atOnce) = heldCallChoices(snapshot)
    recordUnseen(unseen)
    // A call answered at once: its outcomes are the only events until it is answered.
    let choices =
      atOnce
      ? calls
      : actionChoices(snapshot) + calls + sendChoices(snapshot) + endingChoices(snapshot)
        + clockChoices(snapshot)
    return Self.disambiguated(choices).sorted { $0.token < $1.token }
  }

  /// Actions not yet started; a label shared by several gets #1, #2 in registration order.
  private func actionChoices(_ snapshot: State) -> [ExplorationChoice] {
    guard snapshot.actions.contains(where: { !$0.started }) else { return [] }
    let labelCounts = Dictionary(snapshot.actions.map { ($0.label, 1) }, uniquingKeysWith: +)
    var seen: [String: Int] = [:]
    var choices: [ExplorationChoice] = []
    for (index, action) in snapshot.actions.enumerated() {
      seen[action.label, default: 0] += 1
      guard !action.started else { continue }
      let token =
        labelCounts[action.label, default: 0] > 1
        ? "\(action.label)#\(seen[action.label, default: 0])" : action.label
      choices.append(
        ExplorationChoice(
          token: token, source: token, footprint: action.footprint,
          deliver: { [self] in await self.start(action: index, token: token) },
          story: .started(action: token)))
    }
    return choices
  }

  /// The held hops (to the main actor, or into another actor's turn), each a choice to let its
  /// action go on past that `await`.
  func hopChoices() -> [ExplorationChoice] {
    guard let heldHops else { return [] }
    return heldHops.held.map { hop in
      ExplorationChoice(
        token: hop.token, source: hop.action, footprint: hop.footprint,
        deliver: { heldHops.release(hop.token) },
        story: .resumed(hop: hop.token, onMainActor: hop.onMainActor))
    }
  }

  /// Held calls, each with every answer; the calls work settling cannot see made; and whether
  /// the choices are one call's outcomes only (a call answered at once, before anything else).
  private func heldCallChoices(
    _ snapshot: State
  ) -> (choices: [ExplorationChoice], unseen: [(token: String, caller: String)], atOnce: Bool) {
    var choices: [ExplorationChoice] = []
    var unseen: [(token: String, caller: String)] = []
    let callerFootprints = Dictionary(
      snapshot.actionLifecycles.map {
        (ObjectIdentifier($0.lifecycle), snapshot.actions[$0.action].footprint)
      }, uniquingKeysWith: { first, _ in first })
    for service in snapshot.services {
      for (method, call) in service.held() {
        let name = method + "#" + String(call.ordinal)
        if let caller = call.unseenCaller { unseen.append((name, caller)) }
        // A call from an action's task affects what the action acts on; from a bound task, its
        // interactor; from anything else, it is ordered against everything.
        let caller: Set<ObjectIdentifier>?? = call.caller.map { callerFootprints[$0] ?? [$0] }
        let footprint = caller.flatMap { $0 }.map { $0.union([service.id]) }
        let outcomes = service.answers.map { answer in
          let error = answer.error
          return ExplorationChoice(
            token: name + answer.mark, source: service.label + "." + name, footprint: footprint,
            deliver: { service.answer(call.id, error) },
            outcome: (service.label + "." + method, answer.mark),
            story: .answered(call: name, of: service.label, with: answer))
        }
        if !service.holding { return (outcomes, unseen, true) }
        choices += outcomes
      }
    }
    return (choices, unseen, false)
  }

  /// The next element of each stream with a subscriber.
  private func sendChoices(_ snapshot: State) -> [ExplorationChoice] {
    snapshot.sends.enumerated().compactMap { index, sends in
      guard let next = sends.elements.first, sends.isSubscribed(), !sends.hasEnded() else {
        return nil
      }
      return ExplorationChoice(
        token: next.token, source: sends.label, footprint: nil,
        deliver: { [self] in
          self.state.withLock { _ = $0.sends[index].elements.removeFirst() }
          next.deliver()
        }, story: .sent(element: next.token))
    }
  }

  /// The next deadline of each clock something sleeps on.
  private func clockChoices(_ snapshot: State) -> [ExplorationChoice] {
    snapshot.clocks.compactMap { clock in
      guard let deadline = clock.nextDeadline else { return nil }
      let token = Self.token(clock, at: deadline.offset)
      return ExplorationChoice(
        token: token, source: clock.label, footprint: nil,
        deliver: { await clock.advance(to: deadline) }, collectsJobs: false,
        story: .advanced(clock: clock.label, deadline: token))
    }
  }

  /// Keeps, once each, the calls held now that work settling cannot see made.
  func noteUnseenHeldCalls() {
    let services = state.withLock { $0.services }
    recordUnseen(
      services.flatMap { service in
        service.held().compactMap { method, call in
          call.unseenCaller.map { (method + "#" + String(call.ordinal), $0) }
        }
      })
  }

  /// Keeps a call a double of the run will hold, announced before it was recorded, made by work
  /// settling cannot see: named as its held call will be (`didFinish#1`).
  func noteUnseenCall(_ name: String, ordinal: Int, by caller: String) {
    recordUnseen([(Self.token(name) + "#" + String(ordinal), caller)])
  }

  /// Keeps, once each, the held calls made by work settling cannot see.
  private func recordUnseen(_ unseen: [(token: String, caller: String)]) {
    guard !unseen.isEmpty else { return }
    state.withLock { state in
      for call in unseen where !state.unseenCalls.contains(where: { $0.token == call.token }) {
        state.unseenCalls.append(call)
      }
    }
  }

  /// Prefixes with their source the tokens that two ready events share.
  private static func disambiguated(_ choices: [ExplorationChoice]) -> [ExplorationChoice] {
    let counts = Dictionary(choices.map { ($0.token, 1) }, uniquingKeysWith: +)
    return choices.map { choice in
      guard counts[choice.token, default: 0] > 1 else { return choice }
      return ExplorationChoice(
        token: "\(token(choice.source)):\(choice.token)", source: choice.source,
        footprint: choice.footprint, deliver: choice.deliver, collectsJobs: choice.collectsJobs,
        outcome: choice.outcome, story: choice.story)
    }
  }

  /// Starts action `index` as a task of a lifecycle of its own, which settling sees.
  private func start(action index: Int, token: String) async {
    // Settled whenever nothing of its tree can run: the action may await work it handed to an
    // interactor (a bound task's value), which settling sees on the interactor.
    let lifecycle = InteractorLifecycle()
    // Listed before it activates, so it is not watched as an interactor activated in the run.
    let (body, targets, label) = state.withLock { state in
      state.actionLifecycles.append((lifecycle, index))
      state.actions[index].started = true
      let action = state.actions[index]
      return (
        action.body, action.target.map { [$0] } ?? state.interactors.map { $0 as any Actor },
        action.label
      )
    }
    // An action's tree may wait for the interactor it acts on (or, not saying which, any watched
    // one) while something outside it keeps that actor busy: settling passes through it.
    // Configured before it activates, so its edges are not shown as an interactor's.
    let footprint = state.withLock { $0.actions[index].footprint }
    // Its turns on an actor it awaits from inside another's (a second actor of the app, and back)
    // are the explorer's to run, numbered with its main-actor hops.
    var holdsTurn: BoundTaskExecutor.TurnHolder?
    if let heldHops {
      holdsTurn = { @Sendable resume in
        heldHops.holdTurn(action: token, footprint: footprint, resume: resume)
      }
    }
    lifecycle.observed.configure(
      settlesWhenQuiet: true, passingThrough: targets, runner: runner, holdsTurn: holdsTurn,
      name: "the action `\(label)`")
    await lifecycle.activate(invoking: {})
    guard let heldHops else {
      lifecycle.register { await body() }
      return
    }
    lifecycle.register {
      // Its hops to the main actor are the explorer's to run, from its first job to its end.
      let watched = heldHops.watchCurrentTask(as: token, footprint: footprint)
      await body()
      if let watched { heldHops.stopWatching(watched) }
    }
  }

  /// Held calls made by work settling cannot see, as a report lists them: "`login#1` was called
  /// from a task settling cannot see (…)".
  static func unseenCallList(_ calls: [(token: String, caller: String)]) -> String {
    calls.map { "`\($0.token)` was called from \($0.caller)" }.joined(separator: "; ")
  }

  /// What a report advises when it reached work settling cannot see.
  static let bindUnseenWork =
    "Bind that work with `task {}` (or make it a child with `async let` or a task group), so "
    + "settling waits for it"

  /// A deadline of `clock` as an order string writes it: `session→120s`.
  static func token(_ clock: MockClock, at deadline: Duration) -> String {
    "\(token(clock.label))→\(ExplorationOrder.compact(deadline))"
  }

  /// Notes a sleep started on `clock` inside the run, until `deadline`, by `sleeper`.
  func noteSleep(on clock: MockClock, id: UInt64, until deadline: Duration, by sleeper: String) {
    let token = Self.token(clock, at: deadline)
    state.withLock {
      $0.sleeps.append(Sleep(clock: clock, id: id, token: token, sleeper: sleeper))
    }
  }

  /// What a failing run says of the sleeps it left on clocks the scenario does not advance, which
  /// no event could reach; `nil` if none.
  var leftAsleepNote: String? {
    let (sleeps, advanced) = state.withLock { ($0.sleeps, $0.clocks) }
    let left = sleeps.filter { sleep in
      guard let clock = sleep.clock, !advanced.contains(where: { $0 === clock }) else {
        return false
      }
      return clock.isSleeping(sleep.id)
    }
    guard !left.isEmpty else { return nil }
    let clocks = Listing.items(
      left.reduce(into: [String]()) { labels, sleep in
        let label = sleep.clock?.label ?? "the clock"
        if !labels.contains(label) { labels.append(label) }
      }.map { "`scenario.advances(\($0))`" })
    return "Left asleep when the run ended, on a clock the scenario does not advance: "
      + left.map { "`\($0.token)` (\($0.sleeper))" }.joined(separator: ", ")
      + ". No event can reach that deadline, so what follows it never ran: register the clock "
      + "with \(clocks), so its deadlines become events."
  }

  /// Stream elements never delivered because nothing ever subscribed to their stream. (Elements
  /// left once the subscribers went away, such as after a deactivation, are fine.)
  var undelivered: [String] {
    state.withLock { state in
      state.sends.filter { !$0.wasSubscribed() }.flatMap { $0.elements.map(\.token) }
    }
  }

  /// Watches `lifecycle`, activated inside the run (or acted on by an action), unless it is an
  /// action's own or watched already.
  func watchActivated(_ lifecycle: InteractorLifecycle) {
    state.withLock { state in
      guard !state.activated.contains(where: { $0 === lifecycle }),
        !state.actionLifecycles.contains(where: { $0.lifecycle === lifecycle })
      else { return }
      state.activated.append(lifecycle)
    }
  }

  /// Every lifecycle that must be idle for the run to be settled: the actions', those activated
  /// in the run, the watched interactors', and, with `routers`, those of the watched router trees
  /// (main actor only).
  func lifecycles(routers: Bool) -> [InteractorLifecycle] {
    let (actions, interactors, activated, watched) = state.withLock {
      ($0.actionLifecycles.map(\.lifecycle), $0.interactors, $0.activated, $0.routers)
    }
    var all = actions + activated
    for interactor in interactors where !all.contains(where: { $0 === interactor.lifecycle }) {
      all.append(interactor.lifecycle)
    }
    guard routers else { return all }
    MainActor.assumeIsolated {
      for router in watched {
        all += Settling.interactors(under: router).map(\.interactor.lifecycle)
      }
    }
    return all
  }

  /// Whether an action's task awaits something that is no NapkinTesting double (a detached task's
  /// value, a real service): settled only because nothing of its tree can run, while the work it
  /// awaits may still be on its way to a held call.
  var awaitsUnseenWork: Bool {
    state.withLock { $0.actionLifecycles.map(\.lifecycle) }.contains { lifecycle in
      lifecycle.boundTaskDescriptions.contains { $0.parkedOn == nil && $0.childrenParkedOn.isEmpty }
    }
  }

  /// Ends what the run left: the actions' tasks are cancelled.
  func tearDown() async {
    for lifecycle in state.withLock({ $0.actionLifecycles.map(\.lifecycle) }) {
      await lifecycle.deactivate(invoking: {})
    }
  }
}
