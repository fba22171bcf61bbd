/// What the Pit Board napkin tells its parent.
///
/// Isolation: class-bound and `Sendable`; the parent is usually an interactor actor.
public protocol PitBoardNapkinListener: AnyObject, Sendable {
  /// The guest asked to close the pit board; the parent detaches it.
  func pitBoardDidTapBack() async
}
