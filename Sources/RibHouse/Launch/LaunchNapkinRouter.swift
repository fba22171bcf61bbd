public import napkin

/// Routes the root Launch napkin between LoggedOut and LoggedIn, presenting them on the window.
///
/// Routing calls run one at a time, in order. A child's screen is presented once the child is
/// attached and loaded, and dismissed once it is detached, so whenever a screen is on the window
/// the router tree already matches it.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class LaunchNapkinRouter: LaunchRouter<any LaunchNapkinInteractable, TextScreen>,
  LaunchNapkinRouting
{
  /// The attached LoggedOut router, if any.
  public private(set) var loggedOut: (any LoggedOutNapkinRouting)?

  /// The attached LoggedIn router, if any.
  public private(set) var loggedIn: (any LoggedInNapkinRouting)?

  /// The user the attached LoggedIn napkin was built for.
  public private(set) var loggedInUser: User?

  private let loggedOutBuilder: any LoggedOutNapkinBuildable
  private let loggedInBuilder: any LoggedInNapkinBuildable
  private let routing = TaskChain()

  /// Creates the router.
  ///
  /// - Parameters:
  ///   - interactor: The Launch interactor, which listens to both children.
  ///   - viewController: The window the children's screens are presented on.
  ///   - loggedOutBuilder: Builds the LoggedOut napkin.
  ///   - loggedInBuilder: Builds the LoggedIn napkin.
  public init(
    interactor: any LaunchNapkinInteractable, viewController: TextScreen,
    loggedOutBuilder: any LoggedOutNapkinBuildable, loggedInBuilder: any LoggedInNapkinBuildable
  ) {
    self.loggedOutBuilder = loggedOutBuilder
    self.loggedInBuilder = loggedInBuilder
    super.init(interactor: interactor, viewController: viewController)
  }

  /// Detaches LoggedIn if attached, then attaches LoggedOut unless it is attached.
  public func attachLoggedOut() async {
    await routing.run {
      guard self.loggedOut == nil else { return }
      await self.detachLoggedIn()
      let child = await self.loggedOutBuilder.build(withListener: self.interactor)
      self.loggedOut = child
      await self.attachChild(child)
      self.viewController.present(child.viewControllable)
    }
  }

  /// Detaches LoggedOut (or another user's LoggedIn), then attaches LoggedIn for `user` unless
  /// it is attached.
  public func attachLoggedIn(user: User) async {
    await routing.run {
      guard self.loggedIn == nil || self.loggedInUser != user else { return }
      await self.detachLoggedIn()
      await self.detachLoggedOut()
      let child = await self.loggedInBuilder.build(withListener: self.interactor, user: user)
      self.loggedIn = child
      self.loggedInUser = user
      await self.attachChild(child)
      self.viewController.present(child.viewControllable)
    }
  }

  /// Forwards the failure to the LoggedOut napkin, if it is attached.
  public func presentLoginFailure(message: String) async {
    await routing.run {
      await self.loggedOut?.presentLoginFailure(message: message)
    }
  }

  private func detachLoggedOut() async {
    guard let child = loggedOut else { return }
    loggedOut = nil
    await detachChild(child)
    viewController.dismiss(child.viewControllable)
  }

  private func detachLoggedIn() async {
    guard let child = loggedIn else { return }
    loggedIn = nil
    loggedInUser = nil
    await detachChild(child)
    viewController.dismiss(child.viewControllable)
  }
}
