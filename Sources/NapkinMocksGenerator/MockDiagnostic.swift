/// Something the generator could not mock, naming the declaration and what to write by hand.
///
/// Isolation: a `Sendable` value.
public struct MockDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// The protocol the declaration belongs to.
  public let protocolName: String
  /// The declaration, such as `fetch(_:)`.
  public let declaration: String
  /// Why it cannot be mocked and what to do instead.
  public let reason: String

  /// `Protocol.declaration: reason`.
  public var description: String { "\(protocolName).\(declaration): \(reason)" }
}
