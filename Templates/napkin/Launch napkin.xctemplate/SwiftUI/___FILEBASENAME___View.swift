//___FILEHEADER___

import SwiftUI

/// The root SwiftUI view, shown until the root napkin attaches its first child.
struct ___VARIABLE_productName___View: View {
  var body: some View {
    VStack {
      Text("___VARIABLE_productName___")
    }
  }
}
