import NapkinTesting

/// The methods of the fixture library service.
enum LoadMethod: Hashable, Sendable {
  case fetch
}

/// A service whose fetch the test can hold or fail.
final class MockLoader: MockService {
  let mock = MockServiceCore<LoadMethod>("MockLoader")

  func fetch() async throws -> Int {
    try await throwIfFailing(.fetch)
    return 1
  }
}

/// An interactor whose load goes on after it presents: the shape that races a test acting right
/// after a recorded call.
final actor PagingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let shown = CallRecorder<Int>("PagingInteractor.shown", exhaustive: false)
  private let loader: MockLoader
  private(set) var isLoading = false
  private(set) var loaded = 0
  private(set) var dropped = 0

  init(loader: MockLoader) {
    self.loader = loader
  }

  func didBecomeActive() async {
    task { await self.load() }
  }

  func loadMore() {
    task { await self.load() }
  }

  private func load() async {
    guard !isLoading else {
      dropped += 1
      return
    }
    isLoading = true
    defer { isLoading = false }
    guard let value = try? await loader.fetch() else { return }
    loaded += value
    // Recorded on the main actor, as a presenter records, before the `defer` runs back on this
    // actor: a test that acts right after seeing the call races the defer.
    await Self.present(loaded, to: shown)
  }

  @MainActor private static func present(_ value: Int, to shown: CallRecorder<Int>) {
    shown.record(value)
  }
}

/// An interactor whose subscription loop lives as long as it is active.
final actor SubscribingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let values: MockStream<Int>
  private(set) var received: [Int] = []
  /// The line of the `task {}` that starts the loop.
  static let loopLine: UInt = #line + 5

  init(values: MockStream<Int>) { self.values = values }

  func didBecomeActive() async {
    task {
      for await value in self.values.stream() { self.receive(value) }
    }
  }

  private func receive(_ value: Int) { received.append(value) }
}

/// An interactor stuck on a plain `AsyncStream` that nothing in NapkinTesting can resume.
final actor StuckInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let stream: AsyncStream<Int>
  private let continuation: AsyncStream<Int>.Continuation
  /// The line of the `task {}` that gets stuck.
  static let stuckLine: UInt = #line + 9

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  }

  deinit { continuation.finish() }

  func didBecomeActive() async {
    task {
      for await _ in self.stream {}
    }
  }
}

/// An interactor whose bound task waits on a mock from a child task, which settling cannot see.
final actor ChildTaskInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let values: MockStream<Int>

  init(values: MockStream<Int>) { self.values = values }

  func didBecomeActive() async {
    let values = self.values
    task {
      async let first = values.stream().first { _ in true }
      _ = await first
    }
  }
}

/// A router for settle's tree tests: attaches chains of ``ChainInteractor`` napkins.
@MainActor
final class TreeRouter: Router<any Interactable> {
  /// The number of routers on the first-child path from this one, itself included.
  var depth: Int { 1 + ((children.first as? TreeRouter)?.depth ?? 0) }

  /// Attaches a napkin whose bound work attaches `remaining` more levels below it, one by one.
  func attachChain(_ remaining: Int) async {
    let interactor = ChainInteractor(remaining: remaining)
    let child = TreeRouter(interactor: interactor)
    await interactor.wire(router: child)
    await attachChild(child)
  }

  func detachAll() async {
    for child in children { await detachChild(child) }
  }
}

/// A napkin whose bound work, after a hop through the main actor, attaches the next level.
final actor ChainInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let remaining: Int
  private weak var router: TreeRouter?

  init(remaining: Int) { self.remaining = remaining }

  func wire(router: TreeRouter) { self.router = router }

  func didBecomeActive() async {
    task {
      guard self.remaining > 0 else { return }
      await self.router?.attachChain(self.remaining - 1)
    }
  }
}

/// A root napkin whose subscription loop attaches a chain of the length it receives.
final actor AttachingInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let lengths: MockStream<Int>
  private weak var router: TreeRouter?

  init(lengths: MockStream<Int>) { self.lengths = lengths }

  func wire(router: TreeRouter) { self.router = router }

  func didBecomeActive() async {
    task {
      for await length in self.lengths.stream() { await self.router?.attachChain(length - 1) }
    }
  }
}

/// An interactor whose `didBecomeActive()` waits on a gate the test opens.
final actor SlowActivationInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let started = CallRecorder<String>("started", exhaustive: false)
  nonisolated let gate = Gate()

  func didBecomeActive() async {
    started.record("didBecomeActive")
    await gate.wait()
  }
}
