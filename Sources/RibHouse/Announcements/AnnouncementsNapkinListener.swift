/// What the Announcements napkin tells its parent.
///
/// Isolation: class-bound and `Sendable`; the parent is usually an interactor actor.
public protocol AnnouncementsNapkinListener: AnyObject, Sendable {
  /// The pit announced `lastCall`.
  func announcementsDidReceive(lastCall: LastCall) async
}
