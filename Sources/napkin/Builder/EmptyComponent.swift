/// The component of a napkin whose parent provides nothing, typically the root.
///
/// Isolation: nonisolated; not `Sendable` (napkin 2.x's is `@unchecked Sendable`), like
/// ``Component``.
///
/// ```swift
/// let root = RootBuilder(dependency: EmptyComponent()).build()
/// ```
open class EmptyComponent: EmptyDependency {
  /// Creates an empty component.
  ///
  /// Isolation: nonisolated.
  public init() {}
}
