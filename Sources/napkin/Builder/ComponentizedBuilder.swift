/// A builder that makes a fresh component for every build, from a dynamic component dependency.
///
/// Subclasses override ``build(with:_:)``; callers use
/// ``build(withDynamicBuildDependency:dynamicComponentDependency:)->_``, or the
/// overload that also returns the component. A component builder that returns the same instance
/// twice is a programmer error and stops with a message naming the builder.
///
/// Isolation: nonisolated; created and called synchronously from any isolation, as in napkin 2.x.
/// Not `Sendable` (napkin 2.x's is `@unchecked Sendable`): it remembers the last component it
/// made, so the compiler keeps a builder on one isolation at a time.
///
/// Swift keeps an override on the isolation of the method it overrides, so ``build(with:_:)`` is
/// nonisolated in every subclass. A builder of main-actor routers is a `@MainActor` subclass,
/// called from the main actor, whose override reads the `Sendable` values it needs from the
/// component (which is not `Sendable`) and creates the router in `MainActor.assumeIsolated`:
///
/// ```swift
/// @MainActor
/// final class SpecialsBuilder:
///   ComponentizedBuilder<SpecialsComponent, any SpecialsRouting, SpecialsListener, Menu>
/// {
///   override func build(with component: SpecialsComponent, _ listener: SpecialsListener)
///     -> any SpecialsRouting
///   {
///     let interactor = SpecialsInteractor(menu: component.menu, listener: listener)
///     return MainActor.assumeIsolated {
///       SpecialsRouter(interactor: interactor, viewController: SpecialsScreen())
///     }
///   }
/// }
/// ```
///
/// When the `build` method itself should be `@MainActor` (usually `async`, to wire the
/// interactor), subclass ``Builder`` instead and give that method the attribute.
///
/// In a module whose default isolation is `MainActor`, restate ``init(componentBuilder:)`` as
/// `nonisolated override` (Swift 6.3 rejects the inherited one, swiftlang/swift#84644) and mark
/// the override of ``build(with:_:)`` `nonisolated override`.
open class ComponentizedBuilder<
  Component, Router, DynamicBuildDependency, DynamicComponentDependency
>: Buildable {
  private let componentBuilder: (DynamicComponentDependency) -> Component
  private var reuseCheck = ComponentReuseCheck()

  /// Creates a builder that calls `componentBuilder` once per build.
  ///
  /// Isolation: nonisolated. The closure need not be `Sendable` (napkin 2.x requires it): it runs
  /// synchronously inside each build, on the builder's isolation, so it may capture the parent's
  /// dependency.
  public init(componentBuilder: @escaping (DynamicComponentDependency) -> Component) {
    self.componentBuilder = componentBuilder
  }

  /// Builds a router with a new component made from `dynamicComponentDependency`.
  ///
  /// Isolation: nonisolated; runs ``build(with:_:)`` synchronously on the caller's isolation.
  ///
  /// - Precondition: the component builder returns a new instance on every call.
  public final func build(
    withDynamicBuildDependency dynamicBuildDependency: DynamicBuildDependency,
    dynamicComponentDependency: DynamicComponentDependency
  ) -> Router {
    let (_, router): (Component, Router) = build(
      withDynamicBuildDependency: dynamicBuildDependency,
      dynamicComponentDependency: dynamicComponentDependency)
    return router
  }

  /// Builds a router with a new component made from `dynamicComponentDependency`, and returns
  /// that component too, for example to hand it to a sibling's builder.
  ///
  /// A call whose result has no type annotation picks the overload that returns only the router;
  /// annotate the result as `(Component, Router)` to call this one.
  ///
  /// Isolation: nonisolated; runs ``build(with:_:)`` synchronously on the caller's isolation.
  ///
  /// ```swift
  /// let (component, router): (LoggedInComponent, any LoggedInRouting) =
  ///   builder.build(withDynamicBuildDependency: listener, dynamicComponentDependency: user)
  /// ```
  ///
  /// - Precondition: the component builder returns a new instance on every call.
  @_disfavoredOverload
  public final func build(
    withDynamicBuildDependency dynamicBuildDependency: DynamicBuildDependency,
    dynamicComponentDependency: DynamicComponentDependency
  ) -> (Component, Router) {
    let component = componentBuilder(dynamicComponentDependency)
    reuseCheck.record(component, madeBy: self)
    return (component, build(with: component, dynamicBuildDependency))
  }

  /// Builds the router from `component`. Subclasses must override it.
  ///
  /// Isolation: nonisolated, and so is every override; create main-actor objects in
  /// `MainActor.assumeIsolated`, from `Sendable` values, in a builder called on the main actor.
  open func build(with component: Component, _ dynamicBuildDependency: DynamicBuildDependency)
    -> Router
  {
    fatalError("\(type(of: self)) must override build(with:_:).")
  }
}
