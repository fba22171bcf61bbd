// A compile-only stand-in for UIKit: only what napkin and NapkinTesting use, with the real
// declarations' isolation. Nothing here runs; `make apple-standins` compiles against it.

/// A compile-only stand-in for UIKit's `UIViewController`, mirroring the real declaration's
/// isolation: `@MainActor`, hence `Sendable` through its global actor, and `open`.
@MainActor
open class UIViewController {
  /// A view controller with no nib, as `UIViewController()` creates; main-actor isolated, like
  /// the real initializers.
  public init() {}
}

/// A compile-only stand-in for UIKit's `UIWindow`, mirroring the real declaration's isolation:
/// `@MainActor` (through `UIView` and `UIResponder`), hence `Sendable`, and `open`.
@MainActor
open class UIWindow {
  /// The window's root view controller, as the real `UIWindow.rootViewController`.
  open var rootViewController: UIViewController?

  /// A window with no root view controller; main-actor isolated, like the real initializers.
  public init() {}

  /// Shows the window and makes it key, as the real `UIWindow.makeKeyAndVisible()`; here a no-op.
  open func makeKeyAndVisible() {}
}
