/// The clock of the pit: every ``tick()`` moves the cook of each subscribed ``PitService`` along.
///
/// Nothing ticks on its own. The demo and tests call ``tick()`` explicitly, which makes the board
/// deterministic; a real-time host would call it from its own timer.
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

  /// Creates a ticker that has not ticked yet.
  public init() {}

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
