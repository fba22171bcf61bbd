/// A multi-stage builder without a dynamic dependency.
///
/// Isolation: nonisolated; created and called synchronously from any isolation, as in napkin 2.x.
/// Not `Sendable`, like ``MultiStageComponentizedBuilder``; overrides of
/// ``finalStageBuild(with:)`` are nonisolated too.
///
/// ```swift
/// let menu = builder.componentForCurrentBuildPass.menu   // an earlier stage
/// let board = builder.finalStageBuild()
/// ```
open class SimpleMultiStageComponentizedBuilder<Component, Router>:
  MultiStageComponentizedBuilder<Component, Router, Void>
{
  /// Creates a builder that calls `componentBuilder` once per build pass.
  ///
  /// Isolation: nonisolated. The closure need not be `Sendable` (napkin 2.x requires it).
  public override init(componentBuilder: @escaping () -> Component) {
    super.init(componentBuilder: componentBuilder)
  }

  /// Forwards to ``finalStageBuild(with:)``.
  ///
  /// Isolation: nonisolated.
  public final override func finalStageBuild(with component: Component, _ dynamicDependency: Void)
    -> Router
  {
    finalStageBuild(with: component)
  }

  /// Builds the router from `component`. Subclasses must override it.
  ///
  /// Isolation: nonisolated, and so is every override.
  open func finalStageBuild(with component: Component) -> Router {
    fatalError("\(type(of: self)) must override finalStageBuild(with:).")
  }

  /// Builds the router with the current pass's component, then ends the pass.
  ///
  /// Isolation: nonisolated.
  public final func finalStageBuild() -> Router {
    finalStageBuild(withDynamicDependency: ())
  }
}
