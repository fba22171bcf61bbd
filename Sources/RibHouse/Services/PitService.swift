/// The Rib House pit: a board that advances on every tick of a ``PitTicker``, and last calls.
///
/// ``boardUpdates`` replays the current board to every new subscriber; ``lastCalls`` only
/// delivers announcements made after the subscription. The board changes on ``advance()``
/// (called by the ticker) and on ``publish(_:)``.
///
/// Isolation: an actor, hence `Sendable`; both streams are `nonisolated`, so subscribing is
/// synchronous and never misses an update made after it returned.
public actor PitService: PitServicing {
  private let boards: Broadcaster<PitBoard>
  private let announcements = Broadcaster<LastCall>()

  /// Creates a pit showing `board`, advancing it on every tick of `ticker`.
  ///
  /// - Parameters:
  ///   - board: The board at opening.
  ///   - ticker: The clock that moves the cook along; the service stops listening to it once
  ///     released.
  public init(board: PitBoard = .opening, ticker: PitTicker) {
    boards = Broadcaster(replaying: board)
    ticker.subscribe { [weak self] _ in
      guard let self else { return false }
      await self.advance()
      return true
    }
  }

  /// The current board.
  public var board: PitBoard {
    boards.latest ?? PitBoard(items: [])
  }

  /// Moves the cook one tick along (see ``PitBoard/advanced()``), broadcasts the board and
  /// returns it.
  @discardableResult
  public func advance() -> PitBoard {
    let next = board.advanced()
    boards.send(next)
    return next
  }

  /// Replaces the board and broadcasts it.
  public func publish(_ board: PitBoard) {
    boards.send(board)
  }

  /// Broadcasts `lastCall` to the current ``lastCalls`` subscribers.
  public func announce(_ lastCall: LastCall) {
    announcements.send(lastCall)
  }

  /// A stream of the board: the current one first, then every update.
  public nonisolated var boardUpdates: AsyncStream<PitBoard> {
    boards.stream()
  }

  /// A stream of the last calls announced from now on.
  public nonisolated var lastCalls: AsyncStream<LastCall> {
    announcements.stream()
  }

  /// The number of live ``boardUpdates`` streams; a stream leaves when its consumer stops.
  public nonisolated var boardSubscriberCount: Int {
    boards.subscriberCount
  }

  /// The number of live ``lastCalls`` streams; a stream leaves when its consumer stops.
  public nonisolated var lastCallSubscriberCount: Int {
    announcements.subscriberCount
  }
}
