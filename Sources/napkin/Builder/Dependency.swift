/// What a napkin needs from its parent, declared as a protocol of properties.
///
/// The parent's ``Component`` conforms to the child's dependency protocol.
///
/// Isolation: nonisolated and class-bound; not `Sendable` (components are built and read while
/// building routers, on the main actor).
///
/// ```swift
/// protocol LoggedInDependency: Dependency {
///   var authService: AuthService { get }
/// }
/// ```
public protocol Dependency: AnyObject {}
