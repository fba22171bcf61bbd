//___FILEHEADER___

import napkin

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// The root view, which the children's views are shown in.
  final class ___VARIABLE_productName___ViewController: UIViewController, ___VARIABLE_productName___ViewControllable {}
#elseif canImport(AppKit)
  import AppKit

  /// The root view, which the children's views are shown in.
  final class ___VARIABLE_productName___ViewController: NSViewController, ___VARIABLE_productName___ViewControllable {}
#else
  /// The root of a headless app (a command-line tool, a server): the host reads the children's
  /// presenters instead of a view.
  @MainActor
  final class ___VARIABLE_productName___ViewController: ___VARIABLE_productName___ViewControllable {}
#endif
