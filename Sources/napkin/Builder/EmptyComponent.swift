/// The component of a napkin whose parent provides nothing, typically the root.
///
/// Isolation: nonisolated and not `Sendable`, like ``Component``.
///
/// ```swift
/// let root = RootBuilder(dependency: EmptyComponent()).build()
/// ```
open class EmptyComponent: EmptyDependency {
  /// Creates an empty component.
  public init() {}
}
