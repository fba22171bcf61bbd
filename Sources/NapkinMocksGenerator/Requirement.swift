/// One requirement of a protocol, as the generator mocks it.
///
/// Isolation: a `Sendable` value.
public enum Requirement: Sendable, Equatable {
  /// A method: its base name, its parameters, whether it is async or throws, and its result type
  /// (`nil` for `Void`).
  case method(Method)
  /// A property: its name, its type and whether it is settable.
  case property(name: String, type: String, settable: Bool)

  /// A method requirement.
  public struct Method: Sendable, Equatable {
    /// A parameter: its argument label (`nil` for `_`), its name inside the method and its type.
    public struct Parameter: Sendable, Equatable {
      /// The argument label; `nil` for `_`.
      public let label: String?
      /// The name the mock's method uses.
      public let name: String
      /// The parameter's type.
      public let type: String
    }

    /// The base name, such as `presentSpecialsFailure`.
    public let name: String
    /// The parameters, in order.
    public let parameters: [Parameter]
    /// Whether the method is `async`.
    public let isAsync: Bool
    /// Whether the method `throws`.
    public let isThrowing: Bool
    /// The result type, or `nil` for `Void`.
    public let returnType: String?
  }
}
