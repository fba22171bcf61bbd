/// A componentized builder without dynamic dependencies: a fresh component per ``build()``.
///
/// Isolation: `@MainActor`.
///
/// ```swift
/// final class SpecialsBuilder: SimpleComponentizedBuilder<SpecialsComponent, SpecialsRouting> {
///   override func build(with component: SpecialsComponent) -> SpecialsRouting { /* ... */ }
/// }
/// let router = SpecialsBuilder { SpecialsComponent(dependency: parent) }.build()
/// ```
@MainActor
open class SimpleComponentizedBuilder<Component, Router>: ComponentizedBuilder<
  Component, Router, Void, Void
>
{
  /// Creates a builder that calls `componentBuilder` once per build.
  public init(componentBuilder: @escaping @MainActor () -> Component) {
    super.init(componentBuilder: { (_: Void) in componentBuilder() })
  }

  /// Forwards to ``build(with:)``.
  public final override func build(with component: Component, _ dynamicBuildDependency: Void)
    -> Router
  {
    build(with: component)
  }

  /// Builds the router from `component`. Subclasses must override it.
  open func build(with component: Component) -> Router {
    preconditionFailure("\(type(of: self)) must override build(with:).")
  }

  /// Builds a router with a new component.
  public final func build() -> Router {
    build(withDynamicBuildDependency: (), dynamicComponentDependency: ())
  }
}
