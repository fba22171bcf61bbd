#if canImport(UIKit) && !os(watchOS)
  public import UIKit
#elseif canImport(AppKit)
  public import AppKit
#endif

/// A view a router can present; with UIKit or AppKit, a view controller.
///
/// On UIKit and AppKit the protocol exposes the platform view controller, with a default for
/// conformers that are view controllers themselves. The accessors keep napkin 2.x's spellings,
/// `uiviewController` and `nsviewController`. Elsewhere (watchOS, whose UIKit has no view
/// controllers; Linux, a command-line host, a test) the protocol has no requirements, so any
/// main-actor object can be a view.
///
/// Isolation: `@MainActor`, class-bound and `Sendable` (napkin 2.x's is not `Sendable`; every
/// conformer is a main-actor class, so the refinement costs nothing and lets an interactor hold a
/// view in a `nonisolated let`).
///
/// ```swift
/// final class TextScreen: ViewControllable {
///   var text = ""
/// }
/// ```
@MainActor
public protocol ViewControllable: AnyObject, Sendable {
  #if canImport(UIKit) && !os(watchOS)
    /// The UIKit view controller backing this view.
    var uiviewController: UIViewController { get }
  #elseif canImport(AppKit)
    /// The AppKit view controller backing this view.
    var nsviewController: NSViewController { get }
  #endif
}

#if canImport(UIKit) && !os(watchOS)
  extension ViewControllable where Self: UIViewController {
    /// The view controller itself.
    public var uiviewController: UIViewController { self }
  }
#elseif canImport(AppKit)
  extension ViewControllable where Self: NSViewController {
    /// The view controller itself.
    public var nsviewController: NSViewController { self }
  }

  extension ViewControllable {
    /// The AppKit view controller backing this view: the earlier spelling of
    /// ``nsviewController``.
    @available(*, deprecated, renamed: "nsviewController")
    public var nsViewController: NSViewController { nsviewController }
  }
#endif
