/// A componentized builder without dynamic dependencies: a fresh component per ``build()``.
///
/// Isolation: nonisolated; created and called synchronously from any isolation, as in napkin 2.x.
/// Not `Sendable`, like ``ComponentizedBuilder``; overrides of ``build(with:)`` are nonisolated
/// too, so a builder of main-actor routers creates them in `MainActor.assumeIsolated` and is
/// called from the main actor.
///
/// ```swift
/// final class SpecialsBuilder: SimpleComponentizedBuilder<SpecialsComponent, SpecialsBoard> {
///   override func build(with component: SpecialsComponent) -> SpecialsBoard {
///     SpecialsBoard(specials: component.specials)
///   }
/// }
/// let board = SpecialsBuilder { SpecialsComponent(dependency: parent) }.build()
/// ```
open class SimpleComponentizedBuilder<Component, Router>: ComponentizedBuilder<
  Component, Router, Void, Void
>
{
  /// Creates a builder that calls `componentBuilder` once per build.
  ///
  /// Isolation: nonisolated. The closure need not be `Sendable` (napkin 2.x requires it).
  public init(componentBuilder: @escaping () -> Component) {
    super.init(componentBuilder: { (_: Void) in componentBuilder() })
  }

  /// Forwards to ``build(with:)``.
  ///
  /// Isolation: nonisolated.
  public final override func build(with component: Component, _ dynamicBuildDependency: Void)
    -> Router
  {
    build(with: component)
  }

  /// Builds the router from `component`. Subclasses must override it.
  ///
  /// Isolation: nonisolated, and so is every override.
  open func build(with component: Component) -> Router {
    fatalError("\(type(of: self)) must override build(with:).")
  }

  /// Builds a router with a new component.
  ///
  /// Isolation: nonisolated; runs ``build(with:)`` synchronously on the caller's isolation.
  ///
  /// - Precondition: the component builder returns a new instance on every call.
  public final func build() -> Router {
    build(withDynamicBuildDependency: (), dynamicComponentDependency: ())
  }
}
