/// What the pit board screen tells the Pit Board interactor.
///
/// Isolation: class-bound and `Sendable`; the listener is the interactor actor.
public protocol PitBoardNapkinPresentableListener: AnyObject, Sendable {
  /// The guest tapped "Back".
  func didTapBack() async
}
