/// A multi-stage builder without a dynamic dependency.
///
/// Isolation: `@MainActor`.
///
/// ```swift
/// let screen = builder.componentForCurrentBuildPass.screen
/// let router = builder.finalStageBuild()
/// ```
@MainActor
open class SimpleMultiStageComponentizedBuilder<Component, Router>:
  MultiStageComponentizedBuilder<Component, Router, Void>
{
  /// Creates a builder that calls `componentBuilder` once per build pass.
  public override init(componentBuilder: @escaping @MainActor () -> Component) {
    super.init(componentBuilder: componentBuilder)
  }

  /// Forwards to ``finalStageBuild(with:)``.
  public final override func finalStageBuild(with component: Component, _ dynamicDependency: Void)
    -> Router
  {
    finalStageBuild(with: component)
  }

  /// Builds the router from `component`. Subclasses must override it.
  open func finalStageBuild(with component: Component) -> Router {
    preconditionFailure("\(type(of: self)) must override finalStageBuild(with:).")
  }

  /// Builds the router with the current pass's component, then ends the pass.
  public final func finalStageBuild() -> Router {
    finalStageBuild(withDynamicDependency: ())
  }
}
