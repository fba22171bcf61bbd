//___FILEHEADER___

import SwiftUI
import napkin

#if canImport(UIKit) && !os(watchOS)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// The root view as the launch router sees it: hosts ___VARIABLE_productName___View, which the
/// router puts in the app's window, and in which the children's views are shown.
@MainActor
final class ___VARIABLE_productName___ViewController: ___VARIABLE_productName___ViewControllable {
  #if canImport(UIKit) && !os(watchOS)
    /// The view controller hosting ___VARIABLE_productName___View.
    private(set) lazy var uiviewController: UIViewController = UIHostingController(
      rootView: ___VARIABLE_productName___View())
  #elseif canImport(AppKit)
    /// The view controller hosting ___VARIABLE_productName___View.
    private(set) lazy var nsviewController: NSViewController = NSHostingController(
      rootView: ___VARIABLE_productName___View())
  #endif
}
