public import napkin

/// The root view, as its router uses it: children's views are embedded in it.
@MainActor
public protocol RootViewControllable: ViewControllable {
  /// Shows `viewController` full screen.
  func embed(_ viewController: any ViewControllable)
  /// Removes `viewController`.
  func dismiss(_ viewController: any ViewControllable)
}
