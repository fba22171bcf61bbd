import AppKit
import NapkinTesting
import napkin

// Compiles only if napkin and NapkinTesting took their `canImport(AppKit)` branches: every
// member used below exists in those branches alone. Never run.

#if canImport(UIKit) || !canImport(AppKit)
  #error("The AppKit variant must see AppKit and not UIKit, or napkin takes the UIKit branch")
#endif

/// A feature's view that is a view controller: its `nsviewController` is napkin's default.
final class BranchScreen: NSViewController, ViewControllable {}

/// A root router over ``BranchScreen``.
final class BranchLaunchRouter: LaunchRouter<MockInteractor, BranchScreen> {}

/// Uses each AppKit-only member of napkin and NapkinTesting once.
@MainActor
func useAppKitBranch(window: NSWindow) async {
  let screen = BranchScreen()
  let controllers: [NSViewController] = [
    screen.nsviewController,
    (screen as any ViewControllable).nsviewController,
    MockViewControllable().nsviewController,
  ]
  _ = controllers
  await BranchLaunchRouter(interactor: MockInteractor(), viewController: screen)
    .launch(from: window)
  let mockRouter: any LaunchRouting = BaseMockRouter<Never>()
  await mockRouter.launch(from: window)
}
