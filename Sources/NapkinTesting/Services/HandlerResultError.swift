/// Thrown by ``MockService/handled(_:by:fileID:filePath:line:column:)`` when a handler returned a
/// value of another type than the generic call asks for; the test also gets an issue naming the
/// handler and both types.
///
/// A generated mock returns the result of a generic method (`func fetch<T>(_: T.Type) -> T`)
/// through a handler the test sets, which returns `Any`: the type it must return is known only at
/// the call.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// store.fetchHandler.value = { _, _ in "a String" }
/// let order: Order = try await store.fetch(Order.self, id: "7")  // throws HandlerResultError
/// ```
public struct HandlerResultError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The handler's label, such as `fetchHandler`.
  public let handler: String
  /// The type the call returns.
  public let expected: String
  /// The type the handler returned.
  public let returned: String

  /// Creates the error for `handler`, which returned a `returned` where the call returns
  /// `expected`.
  public init(handler: String, expected: String, returned: String) {
    self.handler = handler
    self.expected = expected
    self.returned = returned
  }

  /// A message naming the handler and both types.
  public var description: String {
    "HandlerResultError: \(handler) returned \(returned), but the call returns \(expected)"
  }
}
