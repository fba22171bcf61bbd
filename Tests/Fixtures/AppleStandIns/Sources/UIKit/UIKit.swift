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

/// A compile-only stand-in for UIKit's `UIResponder`, which the napkin App Entry template's
/// application delegate subclasses: `@MainActor` and `open`, like the real one.
@MainActor
open class UIResponder {
  /// A responder; main-actor isolated, like the real initializer.
  public init() {}
}

/// A compile-only stand-in for UIKit's `UIApplication`: only the launch options' key type, which
/// the application delegate's launch method names.
@MainActor
open class UIApplication {
  /// A key of the options an app was launched with, as the real
  /// `UIApplication.LaunchOptionsKey`.
  public struct LaunchOptionsKey: Hashable, Sendable {
    /// The key's raw value.
    public let rawValue: String

    /// Creates a key from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
  }
}

/// A compile-only stand-in for UIKit's `UIApplicationDelegate`, whose conformer can be an app's
/// `@main` type; `@MainActor`, like the real protocol, whose members are all optional.
@MainActor
public protocol UIApplicationDelegate: AnyObject {
  /// The app finished launching, as the real
  /// `application(_:didFinishLaunchingWithOptions:)`.
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool
}

extension UIApplicationDelegate {
  /// The entry point `@main` calls on an application delegate, as UIKit provides; never run.
  public static func main() {
    fatalError("The UIKit stand-in cannot run an app")
  }
}
