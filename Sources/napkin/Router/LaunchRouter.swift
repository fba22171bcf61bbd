#if canImport(UIKit) && !os(watchOS)
  public import UIKit
#elseif canImport(AppKit)
  public import AppKit
#endif

/// The root router of an application.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
///
/// ```swift
/// final class RootRouter: LaunchRouter<RootInteractable, RootScreen>, RootRouting {}
/// await RootRouter(interactor: interactor, viewController: screen).launch()
/// ```
@MainActor
open class LaunchRouter<InteractorType, ViewControllerType>: ViewableRouter<
  InteractorType, ViewControllerType
>, LaunchRouting
{
  /// Creates a root router owning `interactor` and `viewController`.
  public override init(interactor: InteractorType, viewController: ViewControllerType) {
    super.init(interactor: interactor, viewController: viewController)
  }

  /// Activates the root interactor, then loads the root router.
  public final func launch() async {
    await interactable.activate()
    await load()
  }

  #if canImport(UIKit) && !os(watchOS)
    /// Makes the root view the window's root view controller, shows it, then ``launch()``es.
    public final func launch(from window: UIWindow) async {
      window.rootViewController = viewControllable.uiviewController
      window.makeKeyAndVisible()
      await launch()
    }
  #elseif canImport(AppKit)
    /// Makes the root view the window's content view controller, shows it, then ``launch()``es.
    public final func launch(from window: NSWindow) async {
      window.contentViewController = viewControllable.nsviewController
      window.makeKeyAndOrderFront(nil)
      await launch()
    }
  #endif
}
