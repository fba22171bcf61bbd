#if canImport(UIKit) && !os(watchOS)
  public import UIKit
#elseif canImport(AppKit)
  public import AppKit
#endif

/// A stand-in view for mock routers: a `ViewControllable` with no content.
///
/// On UIKit and AppKit it wraps a plain view controller; elsewhere (watchOS included) it is an
/// empty object.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
///
/// ```swift
/// let view = MockViewControllable("LoggedInView")
/// #expect(view.label == "LoggedInView")
/// ```
@MainActor
public final class MockViewControllable: ViewControllable {
  /// A name for messages and debugging.
  public nonisolated let label: String

  /// Creates a mock view named `label`.
  public nonisolated init(_ label: String = "MockView") {
    self.label = label
  }

  #if canImport(UIKit) && !os(watchOS)
    /// A plain view controller standing in for the real one.
    public lazy var uiviewController: UIViewController = UIViewController()
  #elseif canImport(AppKit)
    /// A plain view controller standing in for the real one.
    public lazy var nsviewController: NSViewController = NSViewController()
  #endif
}
