/// A builder whose build spans several stages sharing one component, fresh for every pass.
///
/// Earlier stages read ``componentForCurrentBuildPass``; the final stage,
/// ``finalStageBuild(withDynamicDependency:)``, builds the router with that same component and
/// ends the pass, so the next pass gets a new component.
///
/// Isolation: `@MainActor`.
///
/// ```swift
/// let view = builder.componentForCurrentBuildPass.screen   // stage one
/// let router = builder.finalStageBuild(withDynamicDependency: listener)
/// ```
@MainActor
open class MultiStageComponentizedBuilder<Component, Router, DynamicBuildDependency>: Buildable {
  private let componentBuilder: @MainActor () -> Component
  private var currentPass: Component?

  /// Creates a builder that calls `componentBuilder` once per build pass.
  public init(componentBuilder: @escaping @MainActor () -> Component) {
    self.componentBuilder = componentBuilder
  }

  /// The component of the pass in progress, created on first access.
  public final var componentForCurrentBuildPass: Component {
    if let currentPass { return currentPass }
    let component = componentBuilder()
    currentPass = component
    return component
  }

  /// Builds the router with the current pass's component, then ends the pass.
  public final func finalStageBuild(withDynamicDependency dynamicDependency: DynamicBuildDependency)
    -> Router
  {
    let router = finalStageBuild(with: componentForCurrentBuildPass, dynamicDependency)
    currentPass = nil
    return router
  }

  /// Builds the router from `component`. Subclasses must override it.
  open func finalStageBuild(with component: Component, _ dynamicDependency: DynamicBuildDependency)
    -> Router
  {
    preconditionFailure("\(type(of: self)) must override finalStageBuild(with:_:).")
  }
}
