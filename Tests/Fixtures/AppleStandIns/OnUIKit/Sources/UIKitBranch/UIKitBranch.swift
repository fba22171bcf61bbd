import NapkinTesting
import UIKit
import napkin

// Compiles only if napkin and NapkinTesting took their `canImport(UIKit)` branches: every
// member used below exists in those branches alone. Never run.

#if !canImport(UIKit) || canImport(AppKit)
  #error("The UIKit variant must see UIKit and not AppKit")
#endif

/// A feature's view that is a view controller: its `uiviewController` is napkin's default.
final class BranchScreen: UIViewController, ViewControllable {}

/// A root router over ``BranchScreen``.
final class BranchLaunchRouter: LaunchRouter<MockInteractor, BranchScreen> {}

/// Uses each UIKit-only member of napkin and NapkinTesting once.
@MainActor
func useUIKitBranch(window: UIWindow) async {
  let screen = BranchScreen()
  let controllers: [UIViewController] = [
    screen.uiviewController,
    (screen as any ViewControllable).uiviewController,
    MockViewControllable().uiviewController,
  ]
  _ = controllers
  await BranchLaunchRouter(interactor: MockInteractor(), viewController: screen)
    .launch(from: window)
  let mockRouter: any LaunchRouting = BaseMockRouter<Never>()
  await mockRouter.launch(from: window)
}
