/// The error a ``MockService`` throws by default when a method is made to fail.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// service.failingMethods = [.fetchRecentlyPlayed]
/// await #expect(throws: SimulatedError()) { try await service.fetchRecentlyPlayed(page: 2) }
/// ```
public struct SimulatedError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// What the simulated failure stands for.
  public let reason: String

  /// Creates a simulated failure.
  public init(_ reason: String = "simulated failure") {
    self.reason = reason
  }

  /// `SimulatedError(reason)`.
  public var description: String { "SimulatedError(\(reason))" }
}
