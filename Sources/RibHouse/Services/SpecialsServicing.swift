/// Fetches today's specials.
///
/// Isolation: `Sendable`; conformers are usually actors, and a test mocks the protocol to make
/// the fetch succeed or fail.
public protocol SpecialsServicing: Sendable {
  /// Today's specials.
  ///
  /// - Throws: Whatever prevented the fetch, including `CancellationError`.
  func todaysSpecials() async throws -> [Special]
}
