import napkin

#if canImport(UIKit)
  import UIKit

  /// A view for routers that need one.
  final class TestScreen: UIViewController, ViewControllable {}
#elseif canImport(AppKit)
  import AppKit

  /// A view for routers that need one.
  final class TestScreen: NSViewController, ViewControllable {}
#else
  /// A view for routers that need one; on Linux any main-actor object can be a view.
  @MainActor
  final class TestScreen: ViewControllable {}
#endif
