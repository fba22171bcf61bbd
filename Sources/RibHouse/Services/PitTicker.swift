/// The clock of the pit: every ``tick()`` moves the cook of each subscribed ``PitService`` along.
///
/// Nothing ticks on its own: the demo calls ``tick()`` explicitly, which makes the board
/// deterministic, and a host that wants real time runs ``run()``, which ticks once every
/// ``interval`` on the ticker's clock. Tests drive ``run()`` with a test clock.
///
/// Isolation: `Sendable`; all state sits behind one lock, which is never held while a
/// subscriber runs.
public final class PitTicker: Sendable {
  private typealias Handler = @Sendable (Int) async -> Bool

  private struct State {
    var count = 0
    var handlers: [(id: UInt64, handler: Handler)] = []
    var nextID: UInt64 = 0
  }

  private let state = Locked(State())

  /// The clock ``run()`` waits on.
  public let clock: any Clock<Duration>

  /// How long ``run()`` waits between ticks.
  public let interval: Duration

  /// Creates a ticker that has not ticked yet.
  ///
  /// - Parameters:
  ///   - clock: The clock ``run()`` waits on.
  ///   - interval: How long ``run()`` waits between ticks; at least one nanosecond.
  public init(clock: any Clock<Duration> = ContinuousClock(), interval: Duration = .seconds(60)) {
    precondition(interval > .zero, "PitTicker interval must be positive, got \(interval)")
    self.clock = clock
    self.interval = interval
  }

  /// Ticks once every ``interval`` on ``clock`` until the calling task is cancelled.
  ///
  /// Each tick starts one interval after the previous one returned, so a slow subscriber delays
  /// the next tick rather than piling ticks up.
  public func run() async {
    while (try? await clock.sleep(for: interval)) != nil {
      await tick()
    }
  }

  /// The number of ticks so far.
  public var tickCount: Int {
    state.withLock { $0.count }
  }

  /// Ticks once and returns when every subscriber has handled the tick.
  ///
  /// Subscribers handle the tick one after another, in subscription order. When `tick()` returns,
  /// every ``PitService`` driven by this ticker has advanced its board and broadcast it.
  ///
  /// - Returns: The number of this tick, starting at 1.
  @discardableResult
  public func tick() async -> Int {
    let (count, handlers) = state.withLock { state in
      state.count += 1
      return (state.count, state.handlers)
    }
    for (id, handler) in handlers where await !handler(count) {
      state.withLock { $0.handlers.removeAll { $0.id == id } }
    }
    return count
  }

  /// Calls `handler` on every tick until it returns `false`, which unsubscribes it.
  func subscribe(_ handler: @escaping @Sendable (Int) async -> Bool) {
    state.withLock { state in
      state.handlers.append((state.nextID, handler))
      state.nextID &+= 1
    }
  }
}
