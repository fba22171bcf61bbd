// A compile-only stand-in for AppKit: only what napkin and NapkinTesting use, with the real
// declarations' isolation. Nothing here runs; `make apple-standins` compiles against it.

/// A compile-only stand-in for AppKit's `NSViewController`, mirroring the real declaration's
/// isolation: `@MainActor`, hence `Sendable` through its global actor, and `open`.
@MainActor
open class NSViewController {
  /// A view controller with no nib, as `NSViewController()` creates; main-actor isolated, like
  /// the real initializers.
  public init() {}
}

/// A compile-only stand-in for AppKit's `NSWindow`, mirroring the real declaration's isolation:
/// `@MainActor` (through `NSResponder`), hence `Sendable`, and `open`.
@MainActor
open class NSWindow {
  /// The window's content view controller, as the real `NSWindow.contentViewController`.
  open var contentViewController: NSViewController?

  /// A window with no content view controller; main-actor isolated, like the real initializers.
  public init() {}

  /// Shows the window in front and makes it key, as the real
  /// `NSWindow.makeKeyAndOrderFront(_:)`, whose sender is `Any?`; here a no-op.
  open func makeKeyAndOrderFront(_ sender: Any?) {}
}
