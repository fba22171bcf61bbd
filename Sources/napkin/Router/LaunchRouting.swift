#if canImport(UIKit)
  public import UIKit
#elseif canImport(AppKit)
  public import AppKit
#endif

/// The root router of an application, which launches the whole napkin tree.
///
/// ``launch()`` is platform-neutral (a command-line host, a test); on Apple platforms
/// `launch(from:)` also installs the root view in a window.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`.
///
/// ```swift
/// let root = LaunchBuilder(dependency: app).build()
/// await root.launch()
/// ```
@MainActor
public protocol LaunchRouting: ViewableRouting {
  /// Activates the root interactor, then loads the root router.
  func launch() async

  #if canImport(UIKit)
    /// Makes the root view the window's root view controller, shows it, then ``launch()``es.
    func launch(from window: UIWindow) async
  #elseif canImport(AppKit)
    /// Makes the root view the window's content view controller, shows it, then ``launch()``es.
    func launch(from window: NSWindow) async
  #endif
}
