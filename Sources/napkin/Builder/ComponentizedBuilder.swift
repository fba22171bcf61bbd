/// A builder that makes a fresh component for every build, from a dynamic component dependency.
///
/// Subclasses override ``build(with:_:)``; callers use
/// ``build(withDynamicBuildDependency:dynamicComponentDependency:)``.
///
/// Isolation: `@MainActor`.
///
/// ```swift
/// final class LoggedInBuilder: ComponentizedBuilder<LoggedInComponent, LoggedInRouting,
///   LoggedInListener, User>
/// {
///   override func build(with component: LoggedInComponent, _ listener: LoggedInListener)
///     -> LoggedInRouting { /* ... */ }
/// }
/// ```
@MainActor
open class ComponentizedBuilder<
  Component, Router, DynamicBuildDependency, DynamicComponentDependency
>: Buildable {
  private let componentBuilder: @MainActor (DynamicComponentDependency) -> Component
  private var lastComponent: AnyObject?

  /// Creates a builder that calls `componentBuilder` once per build.
  public init(componentBuilder: @escaping @MainActor (DynamicComponentDependency) -> Component) {
    self.componentBuilder = componentBuilder
  }

  /// Builds a router with a new component made from `dynamicComponentDependency`.
  ///
  /// - Precondition: the component builder returns a new instance on every call.
  public final func build(
    withDynamicBuildDependency dynamicBuildDependency: DynamicBuildDependency,
    dynamicComponentDependency: DynamicComponentDependency
  ) -> Router {
    let component = componentBuilder(dynamicComponentDependency)
    if let object = component as AnyObject?, type(of: component) is AnyClass {
      precondition(
        lastComponent !== object,
        "\(type(of: self)): the component builder returned the same \(Component.self) instance "
          + "twice; it must create a new component for every build.")
      lastComponent = object
    }
    return build(with: component, dynamicBuildDependency)
  }

  /// Builds the router from `component`. Subclasses must override it.
  open func build(with component: Component, _ dynamicBuildDependency: DynamicBuildDependency)
    -> Router
  {
    preconditionFailure("\(type(of: self)) must override build(with:_:).")
  }
}
