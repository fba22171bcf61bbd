import Dispatch
import NapkinMutex

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The task executor a bound task prefers under NapkinTesting, so settling can tell when nothing
/// in the task's tree can run.
///
/// Package-only. Child tasks (`async let`, task groups, at any depth) inherit the preference, and
/// so do the jobs of default actors they call, such as the interactor itself. So every job of the
/// tree that does not run on the main actor (or an actor with its own executor) passes through
/// ``enqueue(_:)``. A job that moved to the main actor, or that waits for the interactor's actor
/// while something outside the tree keeps it busy, is found by a confirmation: once no job is
/// pending, a task passes through the interactor's actor, then the main actor, behind the jobs
/// queued there, and checks that none came back meanwhile. Only then does a tree count as
/// parked, whether the bound task itself or only its children parked.
///
/// An unstructured `Task {}` started inside the tree does not inherit the preference, and is not
/// part of the tree: its work is not counted, and a mock it calls does not park the bound task.
///
/// A tree can also look quiet while one of its tasks waits on something this cannot see (a real
/// service, a plain continuation, an actor with its own executor): nothing of it can run, yet the
/// outside world can resume it. So a settle that relied on a quiet tree ``vouch(_:)``es for it, and
/// a job enqueued at the generation it vouched for (no test resumed anything in between) proves
/// the tree was not settled: the executor says so, once.
///
/// Jobs run on the global concurrent dispatch queue, or, for a tree a driver runs (the explorer's
/// actions), on the driver's own thread while it collects them (``InlineJobRunner``). For an
/// action whose awaits are interleaved, an actor's turn the action asks for from inside another
/// actor's turn (an await into a second actor, or back) is held as a choice
/// (``TurnHolder``) and counted only once the explorer lets it run; the runtime queues such a
/// turn here instead of switching inline, because the task prefers this executor. Whatever
/// thread drains the first actor (this driver, a confirmation, or the thread of a test's own
/// call that has not let go of it yet), the turn is held the same. Made by
/// ``ObservedLifecycle`` through napkin's observer seam; an app's bound tasks never prefer an
/// executor.
///
/// Isolation: `Sendable`; its state is atomics.
package final class BoundTaskExecutor: TaskExecutor {
  /// Jobs enqueued and not finished running.
  private let pending = Atomic<Int>(0)
  /// Counts enqueued jobs and resumptions of parked children: equal readings mean nothing moved.
  private let generation = Atomic<UInt64>(0)
  /// Counts enqueued jobs alone: a confirmation that finds it moved leaves the next one to the
  /// job's end.
  private let jobs = Atomic<UInt64>(0)
  /// The generation a confirmation found quiet; `UInt64.max` before the first.
  private let confirmed = Atomic<UInt64>(.max)
  /// How many children of the tree are parked: confirmations are only needed while some are.
  private let parkedChildren = Atomic<Int>(0)
  /// Whether the bound task itself is parked: its tree still needs a confirmation, since a child
  /// it started may run.
  private let taskParked = Atomic<Bool>(false)
  /// Whether the bound task returned: its tree has ended.
  private let ended = Atomic<Bool>(false)
  /// Called once a confirmation found the tree quiet, not under any lock.
  private let onEvent: @Sendable (Event) -> Void
  /// Whether every quiet moment is confirmed, parked children or not.
  private let confirmsAlways: Bool
  /// The quiet generation a settle relied on; `UInt64.max` if none.
  private let vouched = Atomic<UInt64>(.max)
  /// The actors a confirmation passes through before the main actor (the interactor's, weakly: it
  /// owns the lifecycle that owns this executor).
  private let passages: [WeakActor]
  /// Where the tree's jobs run while a driver collects them; on dispatch's queue otherwise.
  fileprivate let runner: InlineJobRunner?
  /// Takes an actor's turn the tree asked for from inside another actor's turn, with what runs
  /// it; returns whether it holds it (the explorer's actions). `nil`: every job runs as it comes.
  private let holdsTurn: TurnHolder?

  /// Holds an actor's turn until the explorer lets it run (calling `release`); returns whether it
  /// holds it.
  package typealias TurnHolder = @Sendable (_ release: @escaping @Sendable () -> Void) -> Bool

  /// What the executor tells its lifecycle, not under any lock.
  package enum Event: Sendable {
    /// A confirmation found the tree quiet.
    case quiet
    /// A job arrived at the generation a settle vouched for: the tree was resumed from outside.
    case movedFromOutside
    /// A confirmation began (`true`) or ended (`false`) passing through actors it holds while it
    /// waits there.
    case passing(Bool)
  }

  /// An executor that tells `onEvent` what it finds; `confirmsAlways` confirms even with no
  /// parked child, for a task that counts as settled whenever nothing of its tree can run.
  ///
  /// A task of the tree waiting for an actor that something outside the tree keeps busy (a
  /// test's call, a thread the runtime has not let go of yet) runs no job here, so the tree looks
  /// quiet; a confirmation therefore first passes through each of `actors`, behind such a job.
  package init(
    confirmsAlways: Bool = false, passingThrough actors: [any Actor] = [],
    runningOn runner: InlineJobRunner? = nil, holdingTurns holdsTurn: TurnHolder? = nil,
    onEvent: @escaping @Sendable (Event) -> Void
  ) {
    self.runner = runner
    self.holdsTurn = holdsTurn
    self.confirmsAlways = confirmsAlways
    self.passages = actors.map(WeakActor.init)
    self.onEvent = onEvent
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let isTurn = ActorTurns.isActorTurn(job)
    let job = UnownedJob(job)
    // An actor's turn asked for from inside another actor's turn: held as a choice, and not
    // counted as pending until it is let go (the tree waits for the explorer, as at a held
    // main-actor hop).
    if isTurn, let holdsTurn, let runner, RunningExecutor.asksFromAnActorsTurn {
      runner.turnHeld(true)
      let held = holdsTurn {
        runner.turnHeld(false)
        self.admit(job, isTurn: true)
      }
      if held { return }
      runner.turnHeld(false)
    }
    admit(job, isTurn: isTurn)
  }

  /// Counts `job` as pending and runs it: on the driver's thread while it collects, else on
  /// dispatch's queue.
  private func admit(_ job: UnownedJob, isTurn: Bool) {
    pending.add(1, ordering: .sequentiallyConsistent)
    jobs.add(1, ordering: .sequentiallyConsistent)
    let moved = generation.add(1, ordering: .sequentiallyConsistent).oldValue
    if moved == vouched.load(ordering: .sequentiallyConsistent) { movedFromOutside(at: moved) }
    if let runner, runner.take({ self.run(job, isTurn: isTurn) }) { return }
    DispatchQueue.global().async { self.run(job, isTurn: isTurn) }
  }

  /// Runs `job`, one of this executor's, on the current thread.
  private func run(_ job: UnownedJob, isTurn: Bool) {
    RunningExecutor.run(
      self, isTurn: isTurn, body: { job.runSynchronously(on: self.asUnownedTaskExecutor()) })
    if pending.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
      confirmIfNeeded()
    }
  }

  /// Whether the current task is in this executor's tree: the bound task or a structured child.
  package var isPreferredByCurrentTask: Bool {
    withUnsafeCurrentTask { $0?.unownedTaskExecutor == asUnownedTaskExecutor() }
  }

  /// Whether no job of the tree is pending and a confirmation found it so since the last move.
  package var isQuiet: Bool {
    pending.load(ordering: .sequentiallyConsistent) == 0
      && confirmed.load(ordering: .sequentiallyConsistent)
        == generation.load(ordering: .sequentiallyConsistent)
  }

  /// Counts the tree's moves (jobs enqueued, parked tasks resumed): equal readings around a
  /// moment the tree was quiet mean it stayed so in between.
  package var moves: UInt64 { generation.load(ordering: .sequentiallyConsistent) }

  /// A child of the tree parked where only a test can resume it.
  package func childParked() {
    parkedChildren.add(1, ordering: .sequentiallyConsistent)
    if pending.load(ordering: .sequentiallyConsistent) == 0 { confirmIfNeeded() }
  }

  /// A parked child is about to be resumed: the tree is no longer known to be quiet.
  package func childResumed() {
    generation.add(1, ordering: .sequentiallyConsistent)
    parkedChildren.subtract(1, ordering: .sequentiallyConsistent)
  }

  /// The bound task returned, so every child of it had ended: no confirmation is needed from now
  /// on, since nothing of the tree can run again.
  package func treeEnded() {
    ended.store(true, ordering: .sequentiallyConsistent)
  }

  /// The bound task itself parked, or is about to be resumed (then the tree moves).
  package func taskParked(_ parked: Bool) {
    if !parked { generation.add(1, ordering: .sequentiallyConsistent) }
    taskParked.store(parked, ordering: .sequentiallyConsistent)
    // Parked off this executor (its code ran on an actor drained by another thread, or on the
    // main actor): no job of the tree ends after it, so confirm now.
    if parked, pending.load(ordering: .sequentiallyConsistent) == 0 { confirmIfNeeded() }
  }

  /// Relies on the tree being quiet now: if a job of it is enqueued before a test resumes any of
  /// its parked tasks, the executor sends ``Event/movedFromOutside`` once, from the enqueuing
  /// thread. Returns `false` (nothing vouched) if the tree is not quiet.
  package func vouch() -> Bool {
    let seen = generation.load(ordering: .sequentiallyConsistent)
    guard pending.load(ordering: .sequentiallyConsistent) == 0,
      confirmed.load(ordering: .sequentiallyConsistent) == seen
    else { return false }
    vouched.store(seen, ordering: .sequentiallyConsistent)
    return true
  }

  /// A job arrived at the vouched generation: something outside the test resumed the tree,
  /// unless a task of another observed tree resumed it (another bound task that finished or
  /// answered, which settling sees moving on its own).
  private func movedFromOutside(at generation: UInt64) {
    // A job of another tree running on this thread (a task of it, or the interactor's actor
    // handing itself over between two jobs), or a task preferring another executor, resumed it.
    if let running = RunningExecutor.current, running !== self { return }
    let own = asUnownedTaskExecutor()
    if let resumer = withUnsafeCurrentTask(body: { $0?.unownedTaskExecutor }), resumer != own {
      return
    }
    guard
      vouched.compareExchange(
        expected: generation, desired: .max, ordering: .sequentiallyConsistent
      ).exchanged
    else { return }
    onEvent(.movedFromOutside)
  }

  /// Schedules a confirmation behind the jobs queued on the actors it passes through and on the
  /// main actor, if the task or a child is parked, or the task settles whenever its tree is quiet.
  private func confirmIfNeeded() {
    let wanted =
      confirmsAlways || taskParked.load(ordering: .sequentiallyConsistent)
      || parkedChildren.load(ordering: .sequentiallyConsistent) > 0
    guard wanted, !ended.load(ordering: .sequentiallyConsistent) else { return }
    let seenJobs = jobs.load(ordering: .sequentiallyConsistent)
    let seen = generation.load(ordering: .sequentiallyConsistent)
    // While the explorer holds an actor's turn, that actor waits for it: passing through it would
    // wait too. The tree waits for the explorer then, as the held turn's action does.
    let turnsHeld = runner?.holdsTurns ?? false
    guard turnsHeld || passages.allSatisfy({ $0.actor == nil }) else {
      // Off the cooperative pool, which other work can fill: through each actor, then on. Each
      // actor is held only while the confirmation passes through it, and not once the tree
      // ended: a confirmation still queued must not keep an interactor alive past its test.
      let executor = runner.map(ConfirmationExecutor.init) ?? ConfirmationExecutor.shared
      onEvent(.passing(true))
      Task(executorPreference: executor) {
        defer { self.onEvent(.passing(false)) }
        for passage in self.passages
        where !self.ended.load(ordering: .sequentiallyConsistent)
          && !(self.runner?.holdsTurns ?? false)
        {
          guard let actor = passage.actor else { continue }
          await Self.pass(through: actor)
        }
        await self.confirm(seenJobs: seenJobs, seen: seen)
      }
      return
    }
    Task { @MainActor in self.confirm(seenJobs: seenJobs, seen: seen) }
  }

  /// Runs on `actor`, behind the jobs queued there. Never inlined, and it checks where it runs: a
  /// release build dropped the hop to an empty function's actor, and settled a tree whose child
  /// still waited there.
  @inline(never)
  private static func pass(through actor: isolated any Actor) {
    actor.preconditionIsolated()
  }

  /// On the main actor, behind the jobs queued there: the tree is quiet if no job of it was
  /// enqueued since `seenJobs` and nothing moved since `seen`.
  @MainActor private func confirm(seenJobs: UInt64, seen: UInt64) {
    // A job enqueued since then confirms again when it ends.
    guard pending.load(ordering: .sequentiallyConsistent) == 0,
      jobs.load(ordering: .sequentiallyConsistent) == seenJobs
    else { return }
    guard generation.load(ordering: .sequentiallyConsistent) == seen else {
      // The tree moved with no job here to confirm after it (a task resumed into an actor that
      // another thread drains, then parked there): look again.
      confirmIfNeeded()
      return
    }
    confirmed.store(seen, ordering: .sequentiallyConsistent)
    onEvent(.quiet)
  }
}

/// A weak reference to an actor.
private struct WeakActor: Sendable {
  weak var actor: (any Actor)?
}

/// Runs confirmations on dispatch's global queue rather than the cooperative pool, which other
/// work (a test's thousand tasks) can keep full; or, for a tree a driver runs, on the driver's
/// thread while it collects jobs. Its jobs belong to no tree, so none is counted.
///
/// Isolation: `Sendable`; holds only its runner.
private final class ConfirmationExecutor: TaskExecutor {
  static let shared = ConfirmationExecutor(runner: nil)

  private let runner: InlineJobRunner?

  init(runner: InlineJobRunner?) { self.runner = runner }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let run: @Sendable () -> Void = { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    if let runner, runner.take(run) { return }
    DispatchQueue.global().async(execute: run)
  }
}

/// Which ``BoundTaskExecutor`` runs a job on the current thread, if any, and what kind of job runs.
///
/// Package-internal. Thread-specific values, set around each job the executor runs (and each
/// main-actor job the watched main executor runs): a default actor drained inside one tree's job
/// can hand itself over to another tree between two jobs, with no current task, and only the
/// thread tells whose job that was.
enum RunningExecutor {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// What runs on this thread: `nil` for a task's own job or nothing, ``turn`` for an actor's
  /// turn of a tree, ``mainActorJob`` for a job on the main actor.
  private static let turnKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The executor whose job runs on this thread.
  static var current: BoundTaskExecutor? {
    pthread_getspecific(key).map {
      Unmanaged<BoundTaskExecutor>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// The values of `turnKey`: a tree's turn, a main-actor job.
  private static let turn: UInt = 1
  private static let mainActorJob: UInt = 2

  private static var kind: UInt { UInt(bitPattern: pthread_getspecific(turnKey)) }

  private static func setKind(_ kind: UInt) {
    pthread_setspecific(turnKey, UnsafeRawPointer(bitPattern: kind))
  }

  /// Whether a turn enqueued now is asked for from inside an actor's turn (the task hops from
  /// one actor into another): the innermost job on this thread is a tree's turn, or a default
  /// actor's turn that is no tree's (an actor another thread or a confirmation drains, which ran
  /// the task's code); and the runtime cleared the current task, as it does when a task hops.
  /// Not from a task's own job (entering an actor from a closure, or back from a mock), nor from
  /// a main-actor job (back from a presenter), nor from a task resuming another (an answer).
  static var asksFromAnActorsTurn: Bool {
    if kind == mainActorJob { return false }
    if kind == 0, current != nil { return false }
    return withUnsafeCurrentTask { $0 == nil }
  }

  /// Runs `body`, a main-actor job, marked as such.
  static func runMainActorJob(_ body: () -> Void) {
    let previous = pthread_getspecific(key)
    let previousKind = kind
    pthread_setspecific(key, nil)
    setKind(mainActorJob)
    body()
    pthread_setspecific(key, previous)
    setKind(previousKind)
  }

  /// Runs `body` as a job of `executor`, which outlives it; `isTurn` if it is an actor's turn.
  static func run(_ executor: BoundTaskExecutor, isTurn: Bool, body: () -> Void) {
    let previous = pthread_getspecific(key)
    let previousKind = kind
    pthread_setspecific(key, Unmanaged.passUnretained(executor).toOpaque())
    setKind(isTurn ? turn : 0)
    body()
    pthread_setspecific(key, previous)
    setKind(previousKind)
  }
}
