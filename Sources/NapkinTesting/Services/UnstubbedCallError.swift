/// Thrown by ``Stub/get(fileID:filePath:line:column:)`` when a mock was called before the test
/// gave it a value; the test also gets an issue naming the stub.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// func login() async throws -> User { try loginResult.get() }
/// ```
public struct UnstubbedCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stub's label.
  public let stub: String

  /// Creates the error for the stub labelled `stub`.
  public init(stub: String) {
    self.stub = stub
  }

  /// A message naming the stub.
  public var description: String { "UnstubbedCallError: \(stub) has no value" }
}
