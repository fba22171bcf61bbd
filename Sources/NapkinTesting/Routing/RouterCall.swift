/// A routing-infrastructure call a ``BaseMockRouter`` received.
///
/// Children are identified by object identity and named by type, so
/// `router.routing == [.load, .attachChild(child)]` reads naturally in a test.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// #expect(router.routing.contains(.attachChild(child)))
/// ```
public enum RouterCall: Equatable, Sendable, CustomStringConvertible {
  /// A router named by identity and type.
  public struct Child: Equatable, Sendable, CustomStringConvertible {
    /// The router's identity.
    public let id: ObjectIdentifier
    /// The router's type name.
    public let typeName: String

    /// Names `router`.
    public init(_ router: any Routing) {
      id = ObjectIdentifier(router)
      typeName = "\(type(of: router))"
    }

    /// The router's type name.
    public var description: String { typeName }
  }

  /// `load()` was called.
  case load
  /// `loaded()` was called.
  case loaded
  /// `attachChild(_:)` was called with the child.
  case attachChild(Child)
  /// `detachChild(_:)` was called with the child.
  case detachChild(Child)
  /// `launch()` (or `launch(from:)`) was called.
  case launch

  /// A short rendering, such as `attachChild(LoggedInRouter)`.
  public var description: String {
    switch self {
    case .load: "load"
    case .loaded: "loaded"
    case .attachChild(let child): "attachChild(\(child))"
    case .detachChild(let child): "detachChild(\(child))"
    case .launch: "launch"
    }
  }
}

extension RouterCall {
  /// `attachChild(_:)` was called with `router`; shorthand for `.attachChild(Child(router))`.
  public static func attachChild(_ router: any Routing) -> RouterCall {
    .attachChild(Child(router))
  }

  /// `detachChild(_:)` was called with `router`; shorthand for `.detachChild(Child(router))`.
  public static func detachChild(_ router: any Routing) -> RouterCall {
    .detachChild(Child(router))
  }
}
