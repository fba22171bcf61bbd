//___FILEHEADER___

import UIKit
import napkin

/// The app's entry point: builds the root napkin and launches it in the app's window.
@main
final class ___VARIABLE_productName___: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  /// The root of the napkin tree, kept for as long as the app runs.
  private var launchRouter: (any ___VARIABLE_launchName___Routing)?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let window = UIWindow()
    self.window = window
    dispatch {
      let router = await ___VARIABLE_launchName___Builder(dependency: EmptyComponent()).build()
      self.launchRouter = router
      await router.launch(from: window)
    }
    return true
  }
}
