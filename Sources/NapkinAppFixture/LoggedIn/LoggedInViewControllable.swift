public import napkin

/// The logged-in view, as its router uses it.
@MainActor
public protocol LoggedInViewControllable: ViewControllable {
  /// Shows `viewController` in the content area.
  func embed(_ viewController: any ViewControllable)
}
