#if canImport(UIKit) && !os(watchOS)
  public import UIKit
#elseif canImport(AppKit)
  public import AppKit
#endif

/// The root router of an application, which launches the whole napkin tree.
///
/// ``launch()`` is platform-neutral (a command-line host, a test); with UIKit (but not on watchOS)
/// or AppKit, `launch(from:)` also installs the root view in a window. ``launch()`` has a default,
/// so a type that conforms by hand, as napkin 2.x code does, implements only `launch(from:)` (and
/// nothing on other platforms).
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
  ///
  /// The default does exactly that; ``LaunchRouter`` implements it the same way.
  func launch() async

  #if canImport(UIKit) && !os(watchOS)
    /// Makes the root view the window's root view controller, shows it, then ``launch()``es.
    func launch(from window: UIWindow) async
  #elseif canImport(AppKit)
    /// Makes the root view the window's content view controller, shows it, then ``launch()``es.
    func launch(from window: NSWindow) async
  #endif
}

extension LaunchRouting {
  /// Activates the root interactor, then loads the root router.
  ///
  /// Isolation: `@MainActor`.
  public func launch() async {
    await interactable.activate()
    await load()
  }
}
