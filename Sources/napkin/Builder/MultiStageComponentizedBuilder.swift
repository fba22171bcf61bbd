/// A builder whose build spans several stages sharing one component, fresh for every pass.
///
/// Earlier stages read ``componentForCurrentBuildPass``; the final stage,
/// ``finalStageBuild(withDynamicDependency:)``, builds the router with that same component and
/// ends the pass, so the next pass gets a new component. A component builder that returns the same
/// instance twice is a programmer error and stops with a message naming the builder.
///
/// Isolation: nonisolated; created and called synchronously from any isolation, as in napkin 2.x.
/// Not `Sendable` (napkin 2.x's is `@unchecked Sendable`): it holds the component of the pass in
/// progress, so the compiler keeps a builder on one isolation at a time. Overrides of
/// ``finalStageBuild(with:_:)`` are nonisolated, like every override of a nonisolated method.
///
/// ```swift
/// let menu = builder.componentForCurrentBuildPass.menu   // an earlier stage
/// let board = builder.finalStageBuild(withDynamicDependency: listener)
/// ```
open class MultiStageComponentizedBuilder<Component, Router, DynamicBuildDependency>: Buildable {
  private let componentBuilder: () -> Component
  private var currentPass: Component?
  private var reuseCheck = ComponentReuseCheck()

  /// Creates a builder that calls `componentBuilder` once per build pass.
  ///
  /// Isolation: nonisolated. The closure need not be `Sendable` (napkin 2.x requires it): it runs
  /// synchronously on the builder's isolation, so it may capture the parent's dependency.
  public init(componentBuilder: @escaping () -> Component) {
    self.componentBuilder = componentBuilder
  }

  /// The component of the pass in progress, created on first access.
  ///
  /// Isolation: nonisolated.
  ///
  /// - Precondition: the component builder returns a new instance for every pass.
  public final var componentForCurrentBuildPass: Component {
    if let currentPass { return currentPass }
    let component = componentBuilder()
    reuseCheck.record(component, madeBy: self)
    currentPass = component
    return component
  }

  /// Builds the router with the current pass's component, then ends the pass.
  ///
  /// Isolation: nonisolated; runs ``finalStageBuild(with:_:)`` synchronously on the caller's
  /// isolation.
  public final func finalStageBuild(withDynamicDependency dynamicDependency: DynamicBuildDependency)
    -> Router
  {
    let router = finalStageBuild(with: componentForCurrentBuildPass, dynamicDependency)
    currentPass = nil
    return router
  }

  /// Builds the router from `component`. Subclasses must override it.
  ///
  /// Isolation: nonisolated, and so is every override.
  open func finalStageBuild(with component: Component, _ dynamicDependency: DynamicBuildDependency)
    -> Router
  {
    fatalError("\(type(of: self)) must override finalStageBuild(with:_:).")
  }
}
