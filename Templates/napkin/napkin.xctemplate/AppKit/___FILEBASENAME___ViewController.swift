//___FILEHEADER___

import AppKit
import napkin

/// ___VARIABLE_productName___'s screen: shows what the interactor presents, and sends the user's taps to it.
final class ___VARIABLE_productName___ViewController: NSViewController, ___VARIABLE_productName___Presentable,
  ___VARIABLE_productName___ViewControllable
{
  /// Where taps go; held weakly (the interactor owns the view controller).
  weak var listener: (any ___VARIABLE_productName___PresentableListener)?

  /// The content shown, once loaded.
  private(set) var content: String?

  /// Why the content could not be loaded, if it could not.
  private(set) var failure: String?

  func present(content: String) {
    self.content = content
    failure = nil
    // Update the views here.
  }

  func presentFailure(message: String) {
    failure = message
    // Update the views here.
  }

  /// The refresh button's action: tells the interactor.
  func refreshTapped() {
    let listener = self.listener
    dispatch { await listener?.didTapRefresh() }
  }

  /// The close button's action: tells the interactor.
  func closeTapped() {
    let listener = self.listener
    dispatch { await listener?.didTapClose() }
  }
}
