//___FILEHEADER___

import SwiftUI
import napkin

#if canImport(UIKit) && !os(watchOS)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// ___VARIABLE_productName___'s screen: updates the state its SwiftUI view observes, and hosts that view for the
/// router, which shows the children's views in it.
@MainActor
final class ___VARIABLE_productName___ViewController: ___VARIABLE_productName___Presentable, ___VARIABLE_productName___ViewControllable {
  /// What the view shows.
  let state = ___VARIABLE_productName___ViewState()

  var listener: (any ___VARIABLE_productName___PresentableListener)? {
    get { state.listener }
    set { state.listener = newValue }
  }

  #if canImport(UIKit) && !os(watchOS)
    /// The view controller hosting ___VARIABLE_productName___View.
    private(set) lazy var uiviewController: UIViewController = UIHostingController(
      rootView: ___VARIABLE_productName___View(state: state))
  #elseif canImport(AppKit)
    /// The view controller hosting ___VARIABLE_productName___View.
    private(set) lazy var nsviewController: NSViewController = NSHostingController(
      rootView: ___VARIABLE_productName___View(state: state))
  #endif

  func present(content: String) {
    state.content = content
    state.failure = nil
  }

  func presentFailure(message: String) {
    state.failure = message
  }
}
