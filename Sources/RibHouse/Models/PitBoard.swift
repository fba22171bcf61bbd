/// The pit board: every cut on today's pit and the stage of its cook.
///
/// A board is a value; ``advanced()`` returns the board one pit tick later, which is how
/// ``PitService`` moves the cook along deterministically.
///
/// Isolation: a value type; `Sendable` and `Equatable`.
public struct PitBoard: Equatable, Sendable {
  /// Counts the updates of the board; every tick or published board has a higher revision.
  public var revision: Int

  /// Today's cuts, in board order.
  public var items: [PitItem]

  /// Creates a board.
  public init(revision: Int = 0, items: [PitItem]) {
    self.revision = revision
    self.items = items
  }

  /// The opening board of a Rib House day: something in every stage.
  public static let opening = PitBoard(
    revision: 0,
    items: [
      PitItem(name: "Brisket", stage: .smoking),
      PitItem(name: "Pork spare ribs", stage: .smoking),
      PitItem(name: "Pulled pork", stage: .resting),
      PitItem(name: "Burnt ends", stage: .ready),
      PitItem(name: "Hot links", stage: .ready),
      PitItem(name: "Beef short rib", stage: .soldOut),
    ])

  /// The items in `stage`, in board order.
  public func items(in stage: PitItem.Stage) -> [PitItem] {
    items.filter { $0.stage == stage }
  }

  /// The items grouped by stage, in cook order, leaving out stages with no items.
  public var groupedByStage: [(stage: PitItem.Stage, items: [PitItem])] {
    PitItem.Stage.allCases.compactMap { stage in
      let items = items(in: stage)
      return items.isEmpty ? nil : (stage, items)
    }
  }

  /// The number of items in `stage`.
  public func count(in stage: PitItem.Stage) -> Int {
    items.count(where: { $0.stage == stage })
  }

  /// The board one pit tick later, with the next revision.
  ///
  /// The first item still smoking or resting moves to its next stage; when nothing is cooking,
  /// the first ready item sells out; when everything is sold out, only the revision changes.
  public func advanced() -> PitBoard {
    var board = self
    board.revision += 1
    let cooking = board.items.firstIndex { $0.stage < .ready }
    let serving = board.items.firstIndex { $0.stage == .ready }
    if let index = cooking ?? serving, let next = board.items[index].stage.next {
      board.items[index].stage = next
    }
    return board
  }
}
