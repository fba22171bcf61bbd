/// The Rib House's in-memory specials board.
///
/// Isolation: an actor, hence `Sendable`.
public actor SpecialsService: SpecialsServicing {
  private var specials: [Special]

  /// Creates the service with today's `specials`.
  public init(specials: [Special] = Special.todaysMenu) {
    self.specials = specials
  }

  /// Today's specials.
  ///
  /// - Throws: `CancellationError` if the calling task is cancelled.
  public func todaysSpecials() async throws -> [Special] {
    try Task.checkCancellation()
    return specials
  }

  /// Replaces today's specials.
  public func update(_ specials: [Special]) {
    self.specials = specials
  }
}
