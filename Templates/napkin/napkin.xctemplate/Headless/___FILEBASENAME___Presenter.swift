//___FILEHEADER___

import Observation
import napkin

/// ___VARIABLE_productName___'s screen for a host with no view controller (a command-line tool, a server, or a view
/// that observes it): keeps what the interactor shows, and forwards the host's taps.
@MainActor
@Observable
final class ___VARIABLE_productName___Presenter: ___VARIABLE_productName___Presentable {
  /// Where taps go; held weakly (the interactor owns the presenter).
  @ObservationIgnored weak var listener: (any ___VARIABLE_productName___PresentableListener)?

  /// The content shown, once loaded.
  private(set) var content: String?

  /// Why the content could not be loaded, if it could not.
  private(set) var failure: String?

  func present(content: String) {
    self.content = content
    failure = nil
  }

  func presentFailure(message: String) {
    failure = message
  }

  /// The host's "refresh": tells the interactor.
  func tapRefresh() {
    let listener = self.listener
    dispatch { await listener?.didTapRefresh() }
  }

  /// The host's "close": tells the interactor.
  func tapClose() {
    let listener = self.listener
    dispatch { await listener?.didTapClose() }
  }
}
