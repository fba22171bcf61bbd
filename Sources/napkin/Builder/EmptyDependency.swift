/// The dependency of a napkin that needs nothing from its parent, such as the root.
///
/// Isolation: nonisolated and class-bound; not `Sendable`, like ``Dependency``.
///
/// ```swift
/// final class RootComponent: Component<EmptyDependency> {}
/// ```
public protocol EmptyDependency: Dependency {}
