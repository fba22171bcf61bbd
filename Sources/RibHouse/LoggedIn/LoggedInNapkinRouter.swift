public import napkin

/// Routes the LoggedIn napkin: attaches the Announcements and Pit Board children.
///
/// Routing calls run one at a time, in order, so an attach still in flight is never overtaken by
/// the detach of the same child. The Pit Board's screen is presented once the child is attached
/// and loaded, and dismissed once it is detached.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
@MainActor
public final class LoggedInNapkinRouter: ViewableRouter<
  any LoggedInNapkinInteractable, TextScreen
>, LoggedInNapkinRouting
{
  /// The attached Pit Board router, if any.
  public private(set) var pitBoard: (any PitBoardNapkinRouting)?

  /// The attached Announcements router, if any.
  public private(set) var announcements: (any AnnouncementsNapkinRouting)?

  private let pitBoardBuilder: any PitBoardNapkinBuildable
  private let announcementsBuilder: any AnnouncementsNapkinBuildable
  private let routing = TaskChain()

  /// Creates the router.
  ///
  /// - Parameters:
  ///   - interactor: The LoggedIn interactor, which listens to both children.
  ///   - viewController: The LoggedIn screen, on which the Pit Board is presented.
  ///   - pitBoardBuilder: Builds the Pit Board napkin.
  ///   - announcementsBuilder: Builds the Announcements napkin.
  public init(
    interactor: any LoggedInNapkinInteractable, viewController: TextScreen,
    pitBoardBuilder: any PitBoardNapkinBuildable,
    announcementsBuilder: any AnnouncementsNapkinBuildable
  ) {
    self.pitBoardBuilder = pitBoardBuilder
    self.announcementsBuilder = announcementsBuilder
    super.init(interactor: interactor, viewController: viewController)
  }

  /// Attaches the Announcements napkin unless it is attached.
  public func attachAnnouncements() async {
    await routing.run {
      guard self.announcements == nil else { return }
      let child = await self.announcementsBuilder.build(withListener: self.interactor)
      self.announcements = child
      await self.attachChild(child)
    }
  }

  /// Detaches the Announcements napkin if it is attached.
  public func detachAnnouncements() async {
    await routing.run {
      guard let child = self.announcements else { return }
      self.announcements = nil
      await self.detachChild(child)
    }
  }

  /// Attaches the Pit Board napkin and presents its screen, unless it is attached.
  public func attachPitBoard() async {
    await routing.run {
      guard self.pitBoard == nil else { return }
      let child = await self.pitBoardBuilder.build(withListener: self.interactor)
      self.pitBoard = child
      await self.attachChild(child)
      self.viewController.present(child.viewControllable)
    }
  }

  /// Detaches the Pit Board napkin and dismisses its screen, if it is attached.
  public func detachPitBoard() async {
    await routing.run {
      guard let child = self.pitBoard else { return }
      self.pitBoard = nil
      await self.detachChild(child)
      self.viewController.dismiss(child.viewControllable)
    }
  }
}
