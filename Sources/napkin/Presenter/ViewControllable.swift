#if canImport(UIKit)
  public import UIKit
#elseif canImport(AppKit)
  public import AppKit
#endif

/// A view a router can present; on Apple platforms, a view controller.
///
/// On UIKit and AppKit the protocol exposes the platform view controller, with a default for
/// conformers that are view controllers themselves. Elsewhere (Linux, a command-line host, a
/// test) it has no requirements, so any main-actor object can be a view.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`.
///
/// ```swift
/// final class TextScreen: ViewControllable {
///   var text = ""
/// }
/// ```
@MainActor
public protocol ViewControllable: AnyObject, Sendable {
  #if canImport(UIKit)
    /// The UIKit view controller backing this view.
    var uiviewController: UIViewController { get }
  #elseif canImport(AppKit)
    /// The AppKit view controller backing this view.
    var nsViewController: NSViewController { get }
  #endif
}

#if canImport(UIKit)
  extension ViewControllable where Self: UIViewController {
    /// The view controller itself.
    public var uiviewController: UIViewController { self }
  }
#elseif canImport(AppKit)
  extension ViewControllable where Self: NSViewController {
    /// The view controller itself.
    public var nsViewController: NSViewController { self }
  }
#endif
