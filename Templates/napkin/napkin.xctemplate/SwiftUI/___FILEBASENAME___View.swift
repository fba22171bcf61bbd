//___FILEHEADER___

import Observation
import SwiftUI
import napkin

/// What ___VARIABLE_productName___'s view shows: its view controller updates it, the view observes it.
@MainActor
@Observable
final class ___VARIABLE_productName___ViewState {
  /// Where taps go; held weakly (the interactor owns the view controller, which owns this).
  @ObservationIgnored weak var listener: (any ___VARIABLE_productName___PresentableListener)?

  /// The content shown, once loaded.
  var content: String?

  /// Why the content could not be loaded, if it could not.
  var failure: String?
}

/// ___VARIABLE_productName___'s SwiftUI view: shows the state, and sends the user's taps to the interactor.
struct ___VARIABLE_productName___View: View {
  let state: ___VARIABLE_productName___ViewState

  var body: some View {
    VStack {
      Text(state.failure ?? state.content ?? "Loading…")
      Button("Refresh") {
        let listener = state.listener
        dispatch { await listener?.didTapRefresh() }
      }
      Button("Close") {
        let listener = state.listener
        dispatch { await listener?.didTapClose() }
      }
    }
  }
}
