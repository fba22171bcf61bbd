import Dispatch
import NapkinMutex
import NapkinTesting

/// The methods of the parallel-fetch fixture service.
enum ProfileMethod: Hashable, Sendable {
  case profile, orders, item
}

/// A service whose calls the test can hold, fail or release one method at a time.
final class MockProfileService: MockService {
  let mock = MockServiceCore<ProfileMethod>("MockProfileService")

  func profile() async throws -> String {
    try await throwIfFailing(.profile)
    return "Ada"
  }

  func orders() async throws -> Int {
    try await throwIfFailing(.orders)
    return 3
  }

  func item(_ index: Int) async throws -> Int {
    try await throwIfFailing(.item)
    return index
  }
}

/// The parallel fetch users write: two `async let` calls inside a bound task.
final actor ParallelFetchInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let shown = CallRecorder<String>("ParallelFetchInteractor.shown", exhaustive: false)
  let service: MockProfileService

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    task {
      async let profile = self.service.profile()
      async let orders = self.service.orders()
      let name = (try? await profile) ?? "?"
      let count = (try? await orders) ?? -1
      self.shown.record("\(name): \(count)")
    }
  }
}

/// Three `async let` children, one of them nesting two more of its own.
final actor NestedFetchInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let shown = CallRecorder<String>("NestedFetchInteractor.shown", exhaustive: false)
  let service: MockProfileService

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    let service = service
    task {
      async let profile = try? service.profile()
      async let orders = try? service.orders()
      async let pair: [Int] = {
        async let first = try? service.item(1)
        async let second = try? service.item(2)
        return [await first ?? -1, await second ?? -1]
      }()
      let all = "\(await profile ?? "?") \(await orders ?? -1) \(await pair)"
      self.shown.record(all)
    }
  }
}

/// A task group fanning out one held request per item, plain or discarding.
final actor FanOutInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let total = CallRecorder<Int>("FanOutInteractor.total", exhaustive: false)
  let service: MockProfileService
  let count: Int
  let discarding: Bool

  init(service: MockProfileService, count: Int, discarding: Bool = false) {
    self.service = service
    self.count = count
    self.discarding = discarding
  }

  func didBecomeActive() async {
    let (service, count) = (service, count)
    if discarding {
      task {
        let items = CallRecorder<Int>("FanOutInteractor.items", exhaustive: false)
        await withDiscardingTaskGroup { group in
          for index in 1...count {
            group.addTask { items.record((try? await service.item(index)) ?? 0) }
          }
        }
        self.total.record(items.all.reduce(0, +))
      }
    } else {
      task {
        let sum = await withTaskGroup(of: Int.self) { group in
          for index in 1...count {
            group.addTask { (try? await service.item(index)) ?? 0 }
          }
          return await group.reduce(0, +)
        }
        self.total.record(sum)
      }
    }
  }
}

/// Children that wait on three different NapkinTesting points: a held call, a stream, a clock.
final actor MixedWaitsInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let shown = CallRecorder<String>("MixedWaitsInteractor.shown", exhaustive: false)
  let service: MockProfileService
  let prices: MockStream<Int>
  let clock: MockClock

  init(service: MockProfileService, prices: MockStream<Int>, clock: MockClock) {
    (self.service, self.prices, self.clock) = (service, prices, clock)
  }

  func didBecomeActive() async {
    let (service, prices, clock) = (service, prices, clock)
    task {
      async let name = try? service.profile()
      async let price = prices.stream().first { _ in true }
      async let waited: Bool = (try? await clock.sleep(for: .seconds(2))) != nil
      self.shown.record("\(await name ?? "?") \(await price ?? -1) \(await waited)")
    }
  }
}

/// A bound task with one child parked on a held call and one child running real work.
final actor BusyChildInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let stop = Atomic<Bool>(false)
  let service: MockProfileService
  /// The line of the `task {}` whose child keeps working.
  static let taskLine: UInt = #line + 5

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    task {
      async let name = try? self.service.profile()
      async let spin: Void = {
        while !self.stop.load(ordering: .relaxed) { await Task.yield() }
      }()
      _ = await (name, spin)
    }
  }
}

/// A bound task that awaits a `Task {}` it started (not a child) which calls a held mock.
final actor UnstructuredInsideInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let service: MockProfileService

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    let service = service
    task {
      _ = await Task { try? await service.profile() }.value
    }
  }
}

/// A bound task parked itself on a held call while a child it started keeps working.
final actor ParkedTaskBusyChildInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let stop = Atomic<Bool>(false)
  let service: MockProfileService

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    task {
      async let spin: Void = {
        while !self.stop.load(ordering: .relaxed) { await Task.yield() }
      }()
      _ = try? await self.service.profile()
      await spin
    }
  }
}

/// A one-shot gate outside NapkinTesting: a plain continuation, as a real service would hold.
final class OutsideGate: Sendable {
  private let waiter = Mutex<CheckedContinuation<Void, Never>?>(nil)
  private let opened = Atomic<Bool>(false)
  /// The test waiting for a task to arrive at the gate.
  private let watcher = Mutex<CheckedContinuation<Void, Never>?>(nil)

  /// Suspends until a task waits at the gate.
  func waitUntilWaitedOn() async {
    await withCheckedContinuation { continuation in
      let arrived = waiter.withLock { waiter -> Bool in
        if waiter != nil { return true }
        watcher.withLock { $0 = continuation }
        return false
      }
      if arrived { continuation.resume() }
    }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let (open, watching) = waiter.withLock {
        waiter -> (Bool, CheckedContinuation<Void, Never>?) in
        if opened.load(ordering: .relaxed) { return (true, nil) }
        waiter = continuation
        return (
          false,
          watcher.withLock { watcher in
            defer { watcher = nil }
            return watcher
          }
        )
      }
      watching?.resume()
      if open { continuation.resume() }
    }
  }

  /// Resumes the waiter, from this thread.
  func open() {
    let continuation = waiter.withLock { waiter in
      opened.store(true, ordering: .relaxed)
      defer { waiter = nil }
      return waiter
    }
    continuation?.resume()
  }
}

/// A bound task with one child parked on a held call and one waiting on something outside
/// NapkinTesting.
final actor OutsideWaitInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let gate = OutsideGate()
  nonisolated let shown = CallRecorder<String>("OutsideWaitInteractor.shown", exhaustive: false)
  let service: MockProfileService
  /// The line of the `task {}` whose child waits outside NapkinTesting.
  static let taskLine: UInt = #line + 5

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    task {
      async let name = try? self.service.profile()
      async let outside: Void = self.gate.wait()
      let shown = await name ?? "?"
      await outside
      self.shown.record(shown)
    }
  }
}

/// A bound task with one child parked on a held call and one asleep on the real clock for an
/// hour: only a cancellation can end its sleep early.
final actor RealSleepChildInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let service: MockProfileService

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    task {
      async let name = try? self.service.profile()
      async let sleep: Void? = try? Task.sleep(for: .seconds(3_600))
      _ = await (sleep, name)
    }
  }
}

/// Keeps an actor's executor busy on the calling thread until opened: another task's call, from
/// outside any bound task's tree, that the interactor runs meanwhile.
final class ActorBlocker: Sendable {
  /// Runs the blocking call on a dispatch thread of its own, not one of the cooperative pool's
  /// few (two on a two-core machine), which every other test of a parallel run needs.
  final class Executor: TaskExecutor {
    private let queue = DispatchQueue(label: "ChildTaskFixtures.ActorBlocker")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
  }

  let executor = Executor()
  private let opened = DispatchSemaphore(value: 0)
  private let entered = Mutex<(blocking: Bool, watcher: CheckedContinuation<Void, Never>?)>(
    (false, nil))

  /// Suspends until a task blocks in ``block()``.
  func waitUntilBlocking() async {
    await withCheckedContinuation { continuation in
      let blocking = entered.withLock { entered -> Bool in
        if entered.blocking { return true }
        entered.watcher = continuation
        return false
      }
      if blocking { continuation.resume() }
    }
  }

  /// Blocks the calling thread until ``open()``.
  func block() {
    entered.withLock { entered in
      entered.blocking = true
      defer { entered.watcher = nil }
      return entered.watcher
    }?.resume()
    opened.wait()
  }

  func open() { opened.signal() }
}

/// A bound task that, once its `orders` call is answered, fetches the profile in one child while
/// the other child needs the interactor's own actor, which a test can keep busy meanwhile.
final actor ActorHopChildInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let hopped = Atomic<Bool>(false)
  nonisolated let blocker = ActorBlocker()
  let service: MockProfileService

  init(service: MockProfileService) { self.service = service }

  func didBecomeActive() async {
    // Not isolated to the actor (it does not capture `self`): only the second child hops onto it.
    let (service, interactor) = (self.service, self)
    task {
      _ = try? await service.orders()
      async let name = try? service.profile()
      async let hop: Void = interactor.markHopped()
      _ = await (name, hop)
    }
  }

  func markHopped() { hopped.store(true, ordering: .relaxed) }

  /// Runs on the interactor's actor and keeps it busy until `blocker.open()`.
  func block() { blocker.block() }

  /// Calls ``block()`` from a task outside any bound task's tree, on the blocker's own thread.
  nonisolated func keepBusy() -> Task<Void, Never> {
    Task(executorPreference: blocker.executor) { await self.block() }
  }
}
