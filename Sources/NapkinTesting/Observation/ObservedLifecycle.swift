import Dispatch
import NapkinMutex
import napkin

/// What NapkinTesting knows of one ``InteractorLifecycle`` to tell whether it is settled: its
/// bound tasks, what they are parked on, its transitions, and who waits for it to be idle.
///
/// Held in the lifecycle's one observer slot (``InteractorLifecycle/observed``), made the first
/// time NapkinTesting needs it. It never holds the lifecycle: bound tasks, their executors and
/// markers hold this record, so an interactor released while its tasks run is still released at
/// once.
///
/// Settled means one thing everywhere (settle, the clock, the explorer, the vouch): no
/// transition running, and every bound task finished, parked at a NapkinTesting point with
/// nothing of its tree able to run, or (for the explorer's own actions) quiet by confirmation.
///
/// Isolation: `Sendable`; all state is behind one `Mutex`, never held while resuming a waiter.
package final class ObservedLifecycle: Sendable {
  let state = Mutex(ObservedLifecycleState())
  /// The confirmations passing through actors now, and who waits for none.
  private let confirmations = Mutex<
    (count: Int, waiters: [UInt64: CheckedContinuation<Void, Never>])
  >(
    (0, [:]))
  /// The lifecycle's identity, for the explorer's footprints; read while the lifecycle was alive.
  package let lifecycleID: ObjectIdentifier

  init(lifecycleID: ObjectIdentifier) {
    self.lifecycleID = lifecycleID
  }

  // MARK: Reading

  /// Whether the lifecycle is settled, and what moved so far (tasks bound, resumptions, jobs of
  /// their trees): equal readings, settled at both, mean nothing ran in between.
  package var idleness: (isIdle: Bool, activity: UInt64) {
    state.withLock { ($0.isIdle, $0.moves) }
  }

  /// What keeps the lifecycle from being idle besides its bound tasks, such as `still
  /// activating: didBecomeActive() is running`; `nil` if nothing.
  package var transitionNote: String? {
    state.withLock { $0.transitionNote }
  }

  /// Every bound task that has not finished: where it was registered and what it is parked on.
  package var boundTaskDescriptions: [BoundTaskDescription] {
    state.withLock { state in
      state.tasks.sorted { $0.key < $1.key }.map(\.value.description)
    }
  }

  /// Makes the bound tasks registered from now on count as settled whenever nothing of their tree
  /// can run, pass through `actors` when confirming that, and run their jobs on `runner` while it
  /// collects them: the explorer's actions. `holdsTurn` takes the actors' turns they ask for from
  /// inside another actor's turn (see ``BoundTaskExecutor``).
  func configure(
    settlesWhenQuiet: Bool, passingThrough actors: [any Actor], runner: InlineJobRunner?,
    holdsTurn: BoundTaskExecutor.TurnHolder? = nil, name: String? = nil
  ) {
    state.withLock {
      $0.configuration = .init(
        settlesWhenQuiet: settlesWhenQuiet, passages: actors, runner: runner,
        holdsTurn: holdsTurn, name: name)
    }
  }

  /// How a diagnostic names bound task `id`: "the action `tap`", or "the task {} at
  /// `Feed.swift:12`"; `nil` if it ended.
  func name(of id: UInt64) -> String? {
    state.withLock { state in
      if let name = state.configuration.name { return name }
      return state.tasks[id].map { "the task {} at \($0.fileID):\($0.line)" }
    }
  }

  // MARK: Bound tasks

  /// How a bound task registered at `fileID`:`line`, working on `actor`, runs: on an executor of
  /// its own, so settling sees its whole tree, with a marker a test double can park it by.
  func start(
    fileID: String, line: UInt, actor: (any Actor)?,
    _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> ObservedBoundTask {
    let (id, configuration) = state.withLock { state in
      if let actor, state.interactorName == nil { state.interactorName = "\(type(of: actor))" }
      return (state.makeID(), state.configuration)
    }
    let executor = BoundTaskExecutor(
      confirmsAlways: configuration.settlesWhenQuiet,
      passingThrough: Self.passages(
        [actor, operation.isolation].compactMap { $0 } + configuration.passages),
      runningOn: configuration.runner ?? InlineJobRunner.gate,
      holdingTurns: configuration.holdsTurn
    ) { [self] event in
      switch event {
      case .quiet: resume(state.withLock { $0.takeIdleWaitersIfIdle() })
      case .movedFromOutside: movedFromOutside(id: id)
      case .passing(let started): passing(started)
      }
    }
    state.withLock {
      $0.insertTask(
        .init(
          fileID: fileID, line: line, executor: executor,
          settlesWhenQuiet: configuration.settlesWhenQuiet),
        id: id)
    }
    let marker = BoundTaskMarker(record: self, id: id)
    return (
      executor: executor,
      operation: {
        await marker.bind(operation)
        // Its children ended before it: nothing of the tree is left to confirm.
        executor.treeEnded()
      },
      registered: { [self] task in
        guard let task else {
          finishTask(id: id)
          LifecycleDiagnostics.taskDropped?()
          return
        }
        state.withLock { $0.bound(task, id: id) }
      },
      // After napkin marked it ended, so a settled lifecycle never still counts it as bound.
      ended: { [self] in finishTask(id: id) }
    )
  }

  /// Tracks `tasks`, bound before NapkinTesting observed the lifecycle: busy until they end.
  func adopt(_ tasks: [Task<Void, Never>]) {
    for task in tasks {
      let id = state.withLock { state in
        let id = state.makeID()
        state.insertTask(
          .init(
            fileID: "(bound before NapkinTesting)", line: 0, executor: nil, settlesWhenQuiet: false,
            task: task),
          id: id)
        return id
      }
      Task { [self] in
        await task.value
        finishTask(id: id)
      }
    }
  }

  func finishTask(id: UInt64) {
    resume(state.withLock { $0.removeTask(id: id) })
  }

  /// The actors a bound task's tree may wait on outside its own executor, each once; the main
  /// actor is passed through anyway.
  private static func passages(_ actors: [any Actor]) -> [any Actor] {
    var found: [any Actor] = []
    for actor in actors
    where actor !== MainActor.shared && !found.contains(where: { $0 === actor }) {
      found.append(actor)
    }
    return found
  }

  // MARK: Transitions and release

  func transitionBegan(activating: Bool) {
    state.withLock { $0.transitionBegan(activating: activating) }
  }

  /// An edge ended: resumes the idle waiters, and, in an exploration run, puts the edge on the
  /// run's timeline (not an explorer's own action's, which is no interactor).
  func transitionEnded() {
    let (waiters, activated, isAction) = state.withLock { state in
      let (waiters, activated) = state.transitionEnded()
      return (waiters, activated, state.configuration.settlesWhenQuiet)
    }
    resume(waiters)
    // In an exploration run only: other tests' timelines stay the calls they made.
    guard !isAction, RunWatch.current != nil, let timeline = Timeline.current else {
      return
    }
    let event = LifecycleEvent(activated: activated, record: self)
    timeline.append(event, from: event.source)
  }

  /// The interactor's type, once NapkinTesting learns it; `nil` before.
  var interactorName: String? {
    state.withLock { $0.interactorName }
  }

  /// Names the lifecycle by its interactor's type, for the timeline, unless it has a name.
  func name(interactor: Any.Type) {
    state.withLock { state in
      if state.interactorName == nil { state.interactorName = "\(interactor)" }
    }
  }

  /// The lifecycle was released: its tasks were cancelled, and nothing of it is left to wait for.
  func released() {
    resume(state.withLock { $0.tearDown() })
  }

  // MARK: Parking

  /// Marks bound task `id` parked on `reason`.
  func park(id: UInt64, on reason: String) -> UInt64? {
    guard let (token, waiters) = state.withLock({ $0.park(id: id, on: reason) }) else { return nil }
    resume(waiters)
    return token
  }

  /// Marks bound task `id` busy again after park `token`.
  func unpark(id: UInt64, token: UInt64) {
    state.withLock { $0.unpark(id: id, token: token) }
  }

  /// Marks a structured child of bound task `id` parked on `reason`, if the current task is one
  /// (it prefers the task's executor); returns the park's token, else `nil`.
  func parkChild(of id: UInt64, on reason: String) -> UInt64? {
    guard
      let (token, executor) = state.withLock({ state -> (UInt64, BoundTaskExecutor)? in
        guard let executor = state.tasks[id]?.executor, executor.isPreferredByCurrentTask
        else { return nil }
        return state.parkChild(of: id, on: reason)
      })
    else { return nil }
    executor.childParked()
    return token
  }

  /// Whether ``parkChild(of:on:)`` would park the current task as a child of bound task `id`.
  func canParkChild(of id: UInt64) -> Bool {
    state.withLock { $0.tasks[id]?.executor?.isPreferredByCurrentTask ?? false }
  }

  /// Marks the child park `token` of bound task `id` resumed.
  func unparkChild(of id: UInt64, token: UInt64) {
    state.withLock { $0.unparkChild(of: id, token: token) }
  }

  // MARK: Waiting

  /// Suspends until the lifecycle is settled.
  ///
  /// Event-driven: resumed by the task that finishes or parks last, or the transition that ends.
  /// Returns `false` if `deadline` passes first or the calling task is cancelled.
  package func waitUntilIdle(until deadline: ContinuousClock.Instant) async -> Bool {
    if state.withLock({ $0.isIdle }) { return true }
    let id = state.withLock { $0.makeID() }
    let outcome = await Suspension.wait(timeout: ContinuousClock.now.duration(to: deadline)) {
      waiter in
      state.withLock { $0.enqueueIdleWaiter(waiter, id: id) }
    } cancel: { [weak self] in
      self?.state.withLock { $0.removeIdleWaiter(id: id) }
    }
    return outcome == .reached
  }

  private func resume(_ waiters: [CheckedContinuation<Suspension.Outcome, Never>]) {
    for waiter in waiters { waiter.resume(returning: .reached) }
  }

  // MARK: Confirmations in flight

  /// Counts a confirmation that began or ended passing through actors; resumes those waiting for
  /// none once the last ends.
  private func passing(_ started: Bool) {
    let waiters = confirmations.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count += started ? 1 : -1
      guard state.count == 0 else { return [] }
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Whether a confirmation of this lifecycle's trees is passing through an actor now.
  var confirmationPasses: Bool { confirmations.withLock { $0.count > 0 } }

  /// Suspends until no confirmation of this lifecycle's trees is passing through an actor: one
  /// holds that actor (an interactor, perhaps) while it waits there, so a leak check waits for it.
  /// Returns at once if the calling task is cancelled.
  func waitUntilNoConfirmationPasses() async {
    if confirmations.withLock({ $0.count == 0 }) { return }
    let id = state.withLock { $0.makeID() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        let done = confirmations.withLock { state -> Bool in
          if state.count == 0 || Task.isCancelled { return true }
          state.waiters[id] = waiter
          return false
        }
        if done { waiter.resume() }
      }
    } onCancel: {
      confirmations.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  // MARK: Vouching

  /// Relies on every settled bound task staying put until a test resumes it.
  ///
  /// A bound task's tree looks settled when nothing of it can run, but a task of it may wait on
  /// something NapkinTesting cannot see (a real service, a plain continuation) that resumes it
  /// later. If such a resumption comes before a test resumes anything of that tree, the report
  /// runs once for the tree, on the resuming thread, with the task as it is then. A task that was
  /// cancelled meanwhile is not reported: cancelling resumes what it waits on.
  ///
  /// - Parameters:
  ///   - key: Who vouches; while it stays the same, the report made for it the first time is kept
  ///     and `makeReport` is not called again.
  ///   - makeReport: Makes the report, if `key` changed.
  /// - Returns: Whether any task was vouched for.
  @discardableResult
  func vouchForSettledTasks(
    key: VouchKey, _ makeReport: () -> @Sendable (BoundTaskDescription) -> Void
  ) -> Bool {
    state.withLock { state in
      var vouched = false
      // A task that settles whenever its tree is quiet (the explorer's own action) may await
      // other trees or the main actor by design: only the trees it awaits are vouched for.
      for bound in state.tasks.values where bound.isSettled && !bound.settlesWhenQuiet {
        if bound.executor?.vouch() == true { vouched = true }
      }
      if vouched, state.vouchReport?.key != key {
        state.vouchReport = (key, makeReport())
      }
      return vouched
    }
  }

  /// A settled tree vouched for was resumed from outside: reports it, unless it was cancelled.
  private func movedFromOutside(id: UInt64) {
    let found = state.withLock { state in
      state.tasks[id].flatMap { bound in
        bound.task?.isCancelled ?? false
          ? nil : state.vouchReport.map { (bound.description, $0.report) }
      }
    }
    guard let (description, report) = found else { return }
    report(description)
  }
}
