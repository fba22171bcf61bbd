import Dispatch
import NapkinMutex
import napkin

/// One run of a scenario in one order: the points it settled at, what was ready at each, and
/// what failed.
final class ExplorationRun {
  /// One settled point: the ready events and the one picked.
  struct Step {
    let ready: [ExplorationChoice]
    let picked: String
    /// The method and answer mark, if the event picked answered a held call.
    let outcome: (method: String, mark: String)?
  }

  var steps: [Step] = []
  /// What failed, or `nil`.
  var failure: String?
  /// The run's timeline, one numbered line per event.
  var transcript = ""
  /// The held calls work settling cannot see made, each with who made it: a passing run that has
  /// any cannot vouch that its points offered every event they could.
  var unseenCalls: [(token: String, caller: String)] = []
  /// The methods the run registered for answers (`MockAuth.login`), where known.
  var registeredMethods: [String] = []
  /// Whether the run swept a mock: then its report says what the answers reached.
  var sweeps = false
  /// The sleeps the run left on clocks it does not advance, said with a failure.
  var leftAsleepNote: String?
  /// What the run did not explore, for the report (calls made before their registration).
  var notes: [String] = []
  /// A mistake in what the scenario registered, found before any event: the exploration stops.
  var misuse: String?

  /// Why the run's failure may not be the code's own: held calls from work settling cannot see;
  /// `nil` if none.
  var unseenWorkNote: String? {
    guard !unseenCalls.isEmpty else { return nil }
    return "This run reached work settling cannot see, so the explorer may have judged a point "
      + "settled while that work still ran, and what follows may not be your code's fault: "
      + Scenario.unseenCallList(unseenCalls) + ". " + Scenario.bindUnseenWork + "."
  }

  /// The order this run took, as a replayable string.
  var order: String { steps.map(\.picked).joined(separator: " ") }

  /// Runs `body` once: settles, then lets `pick` choose among the ready events at each settled
  /// point until none is ready; checks the invariants at every point and the expectations at the
  /// end. Every run has its own end-of-test checks (strict if `strict`), whose failures fail it.
  /// With `keepsTimeline`, the run keeps its timeline even if it passed.
  static func perform(
    strict: Bool, timeout: Duration, site: CallSite, keepsTimeline: Bool = false,
    pacing: MainActorPacing, preemptions: Int = 0, replaying replay: [String]? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void,
    pick: (_ step: Int, _ ready: [ExplorationChoice], _ cut: [ExplorationChoice]) ->
      ExplorationChoice?
  ) async -> ExplorationRun {
    let run = ExplorationRun()
    var timeline: Timeline?
    var explored: Scenario?
    let issues = await withIssueCollector {
      await runNapkinChecks(
        strict: strict, timeout: timeout, call: "explore(timeout:)", site: site
      ) {
        let scenario = Scenario(
          site: site,
          heldHops: interleavesAwaits(preemptions, replaying: replay)
            ? pacing.watched.map(HeldHops.init) : nil)
        explored = scenario
        timeline = Timeline.current
        // The run's tasks tell it what they activate and where they sleep; a clock made in the
        // run keeps telling it, whichever task sleeps. Weak: a clock may outlive its run.
        let watch = RunWatch(
          activated: { [weak scenario] in scenario?.watchActivated($0) },
          slept: { [weak scenario] clock, id, deadline, sleeper in
            guard let clock = clock as? MockClock else { return }
            scenario?.noteSleep(on: clock, id: id, until: deadline, by: sleeper)
          },
          unseenCall: { [weak scenario] name, ordinal, caller in
            scenario?.noteUnseenCall(name, ordinal: ordinal, by: caller)
          })
        await RunWatch.$current.withValue(watch) {
          await run.setUp(scenario, timeout: timeout, body)
          run.misuse = scenario.misuse(replaying: replay)
          // Refused before any event: the work the closure bound runs as it would without us.
          guard run.misuse == nil else { return scenario.runner.release() }
          run.failure = await run.play(
            scenario, timeout: timeout, site: site, pacing: pacing,
            preemptions: preemptions, replaying: replay, pick: pick)
          // A run that stopped early leaves no action suspended at a hop forever.
          scenario.heldHops?.releaseAll()
        }
        run.keepRegistrations(of: scenario)
        await scenario.tearDown()
      }
    }
    explored?.close()
    // A mistake in the registration is the whole report: what the unplayed run left is its echo.
    if run.misuse == nil, let explored {
      run.finish(explored, issues: issues, transcript: timeline, keepsTimeline: keepsTimeline)
    }
    return run
  }

  /// Runs the scenario's closure with its bound work held until it returns (or waits on the
  /// toolkit), so that work sees everything the closure registers, whatever the order of its
  /// lines. A closure that awaits work it bound some other way has it run after `timeout`.
  private func setUp(
    _ scenario: Scenario, timeout: Duration, isolation: isolated (any Actor)? = #isolation,
    _ body: (Scenario) async -> Void
  ) async {
    let runner = scenario.runner
    runner.collect()
    let watchdog = TimeoutTimer(after: timeout) { runner.release() }
    await InlineJobRunner.$gate.withValue(runner) { await body(scenario) }
    watchdog.cancel()
  }

  /// Keeps what the report needs of what `scenario` registered.
  private func keepRegistrations(of scenario: Scenario) {
    scenario.state.withLock { state in
      sweeps = state.services.contains(where: \.isSweep)
      registeredMethods = state.services.flatMap { service in
        (service.methods ?? []).map { service.label + "." + $0 }
      }
      notes = state.notes
    }
  }

  /// Completes the run's failure, once its end-of-test checks reported `issues`: with them, the
  /// sleeps it left and the unseen work it reached; keeps its timeline if it failed or if kept.
  private func finish(
    _ scenario: Scenario, issues: [NapkinIssue], transcript timeline: Timeline?,
    keepsTimeline: Bool
  ) {
    // Read after the run's end-of-test checks: a call from work settling cannot see may have been
    // held only once the explorer judged the run over, and the checks then blamed an unread mock.
    scenario.noteUnseenHeldCalls()
    unseenCalls = scenario.state.withLock { $0.unseenCalls }
    leftAsleepNote = scenario.leftAsleepNote
    if !issues.isEmpty {
      let messages = issues.map { "  - \($0.message)" }.joined(separator: "\n")
      failure = [failure, "NapkinTesting reported:\n\(messages)"]
        .compactMap { $0 }.joined(separator: "\n")
    }
    if let failure, let note = leftAsleepNote { self.failure = failure + "\n" + note }
    // A failure that touched unseen work says so first, never a bare "Expected … did not hold".
    if let failure, let note = unseenWorkNote { self.failure = note + "\n" + failure }
    // Written out only for a run that failed, or one kept (a replay): a passing run's transcript
    // is never read.
    if failure != nil || keepsTimeline { transcript = timeline?.transcript ?? "" }
  }

  /// Whether a run holds its actions' main-actor hops: where it may preempt them, or replays an
  /// order that names one.
  private static func interleavesAwaits(_ preemptions: Int, replaying replay: [String]?) -> Bool {
    guard let replay else { return preemptions > 0 }
    return HeldHops.namesAHop(replay)
  }

  /// The choices at a point: the ready events and the held hops; where no preemption is left,
  /// only those that preempt no held hop (see ``SearchEvent/preempts(_:)``), the oldest hop among
  /// them. Replaying, the order decides. What the bound leaves out is `cut`, so a search can tell
  /// a point it may not reorder.
  private func choices(
    _ scenario: Scenario, hops: [ExplorationChoice], held: [SearchEvent], preemptionsLeft: Int,
    replaying: Bool
  ) async -> (offered: [ExplorationChoice], cut: [ExplorationChoice]) {
    let all = (await scenario.readyChoices() + hops).sorted { $0.token < $1.token }
    guard !replaying, !hops.isEmpty, preemptionsLeft <= 0 else { return (all, []) }
    var offered: [ExplorationChoice] = []
    var cut: [ExplorationChoice] = []
    for choice in all {
      if choice.event.preempts(held) { cut.append(choice) } else { offered.append(choice) }
    }
    return (offered, cut)
  }

  private func play(
    _ scenario: Scenario, timeout: Duration, site: CallSite, pacing: MainActorPacing,
    preemptions: Int, replaying replay: [String]?,
    pick: (_ step: Int, _ ready: [ExplorationChoice], _ cut: [ExplorationChoice]) ->
      ExplorationChoice?
  ) async -> String? {
    var preemptionsLeft = preemptions
    while true {
      if let busy = await Self.settle(scenario, timeout: timeout, site: site, pacing: pacing) {
        return "After \(order.isEmpty ? "the scenario's setup" : "`\(order)`"), the code under "
          + "test did not settle within \(timeout):\n\(busy)"
      }
      let after = order.isEmpty ? "after the scenario's setup" : "after `\(order)`"
      // An action held at a hop is between two lines of its own code: invariants speak of points
      // where every action waits on something the test controls.
      // Read once per point: only the events delivered below move an action to another hop.
      let hops = scenario.hopChoices()
      let held = hops.map(\.event)
      let invariants = hops.isEmpty ? scenario.state.withLock { $0.invariants } : []
      for check in invariants {
        switch await CheckDeadline.evaluate(check, within: timeout) {
        case true?: continue
        case false?: return "The invariant \"\(check.description)\" did not hold \(after)."
        case nil:
          return CheckDeadline.message(kind: "invariant", check, timeout: timeout, after: after)
        }
      }
      let (ready, cut) = await choices(
        scenario, hops: hops, held: held, preemptionsLeft: preemptionsLeft,
        replaying: replay != nil)
      guard !ready.isEmpty, let choice = pick(steps.count, ready, cut) else { break }
      // Overtaking a held hop that the choice may affect preempts the action it holds.
      if choice.event.preempts(held) { preemptionsLeft -= 1 }
      steps.append(Step(ready: ready, picked: choice.token, outcome: choice.outcome))
      Timeline.current?.append(choice.story, from: "explorer")
      if choice.collectsJobs { scenario.runner.collect() }
      await choice.deliver()
    }
    let undelivered = scenario.undelivered
    if !undelivered.isEmpty {
      return "Never delivered, because nothing subscribed to the stream: "
        + undelivered.joined(separator: ", ") + "."
    }
    for check in scenario.state.withLock({ $0.expectations }) {
      switch await CheckDeadline.evaluate(check, within: timeout) {
      case true?: continue
      case false?: return "Expected \"\(check.description)\", which did not hold at the end."
      case nil:
        return CheckDeadline.message(
          kind: "expectation", check, timeout: timeout, after: "at the end")
      }
    }
    return nil
  }

  /// Waits until every lifecycle of the scenario is idle, read once where the main actor is
  /// watched and has nothing pending, else with two equal readings in a row;
  /// returns a description of what is busy if `timeout` passes first. A settled tree that turns
  /// out to have waited on something NapkinTesting does not control is reported at `site`.
  private static func settle(
    _ scenario: Scenario, timeout: Duration, site: CallSite, pacing: MainActorPacing
  ) async -> String? {
    // A timeout too large to add is as good as none (as settle treats it).
    let deadline = ContinuousClock.now + min(timeout, .seconds(Int64.max / 4))
    // Router trees are read on the main actor; without any, no reading needs a hop.
    let readsRouters = scenario.state.withLock { !$0.routers.isEmpty }
    func read() async -> (changes: UInt64, readings: [Settling.Reading]) {
      // The actions' jobs that the last event resumed run here, on the explorer's thread.
      scenario.runner.drain()
      guard readsRouters else {
        return (0, scenario.lifecycles(routers: false).map { Settling.Reading($0) })
      }
      return await MainActor.run {
        (RoutingTreeChanges.count, scenario.lifecycles(routers: true).map { Settling.Reading($0) })
      }
    }
    var last: [Settling.Reading] = []
    let settled = await Settling.untilSettled(
      read: read,
      // The second reading comes after the main-actor steps queued (a router reading passes
      // through the main actor once already).
      between: {
        await pacing.wait(
          readingPasses: readsRouters ? 1 : 0, awaitingUnseenWork: scenario.awaitsUnseenWork)
      },
      // Read once where the one reading is exact: nothing pending on the main actor either.
      isExact: { pacing.isExact(awaitingUnseenWork: scenario.awaitsUnseenWork) },
      waitForBusy: { busy, changes in
        if readsRouters {
          await Settling.waitForChange(of: busy, treeChangesSeen: changes, until: deadline)
        } else if let lifecycle = busy.first {
          // One busy lifecycle at a time: the next reading finds the others, if still busy.
          _ = await lifecycle.waitUntilIdle(until: deadline)
        }
      }, until: deadline, last: &last)
    if settled {
      SettleAudit.vouch(for: last.map(\.lifecycle), by: .explorer, at: site)
      return nil
    }
    var busy: [String] = []
    for lifecycle in last.map(\.lifecycle) where !lifecycle.idleness.isIdle {
      if let note = lifecycle.transitionNote { busy.append("  \(note)") }
      for task in lifecycle.boundTaskDescriptions where !task.isSettled {
        busy.append("  busy: task {} at \(task.fileID):\(task.line)")
      }
    }
    return busy.isEmpty ? "  (the work kept changing)" : busy.joined(separator: "\n")
  }
}
