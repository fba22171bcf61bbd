//___FILEHEADER___

import napkin

/// The app's entry point: builds the root napkin and launches it.
@main
struct ___VARIABLE_productName___ {
  @MainActor
  static func main() async {
    let router = await ___VARIABLE_launchName___Builder(dependency: EmptyComponent()).build()
    await router.launch()
    // Serve here (read commands, run a server), then end the tree:
    await router.interactable.deactivate()
  }
}
