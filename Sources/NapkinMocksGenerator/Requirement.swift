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
      /// How a call enum records an argument.
      public enum Recording: Sendable, Equatable {
        /// As it is (or by identity, when its type is class-bound).
        case value
        /// By its concrete type's name and its description: its type mentions a type parameter
        /// of the method, or is `some P`.
        case generic
        /// As a closure at its position; `function` is the type a call keeps, `nil` when the
        /// closure cannot be kept (not escaping, not `Sendable`, or generic).
        case closure(function: String?, optional: Bool)
      }

      /// The argument label; `nil` for `_`.
      public let label: String?
      /// The name the mock's method uses.
      public let name: String
      /// The parameter's type.
      public let type: String
      /// How a call enum records it.
      public let recording: Recording
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
    /// The method's type parameters, such as `T`; empty when it is not generic.
    public let genericParameters: [String]
    /// The requirements on its type parameters, such as `T: Decodable`.
    public let constraints: [String]
    /// `E` of `throws(E)`; `nil` for untyped `throws`, or none.
    public let thrownType: String?

    /// Whether it can throw any error, such as an unstubbed call's: `throws`, not `throws(E)`.
    public var throwsAnyError: Bool { isThrowing && thrownType == nil }

    /// Whether the result type mentions a type parameter: it comes from a handler the test sets.
    public var returnsGeneric: Bool {
      returnType.map { Requirement.mentions($0, genericParameters) } ?? false
    }
  }

  /// Whether `type` mentions one of `names` as a whole identifier.
  static func mentions(_ type: String, _ names: [String]) -> Bool {
    guard !names.isEmpty else { return false }
    let identifiers = type.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    return identifiers.contains { names.contains(String($0)) }
  }
}
