/// What a napkin needs from its parent, declared as a protocol of properties.
///
/// The parent's ``Component`` conforms to the child's dependency protocol.
///
/// Isolation: nonisolated and class-bound. Not `Sendable` (napkin 2.x's is): a dependency is read
/// while building, on the builder's isolation, and a conformer need not be `Sendable` (a test
/// fake with a `var`, a component with its own state). Hand an actor the `Sendable` services it
/// needs rather than the whole dependency.
///
/// ```swift
/// protocol LoggedInDependency: Dependency {
///   var authService: AuthService { get }
/// }
/// ```
public protocol Dependency: AnyObject {}
