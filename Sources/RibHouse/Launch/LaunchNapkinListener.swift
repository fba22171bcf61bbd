/// What the root Launch napkin tells its host; it has no requirements yet.
///
/// The Launch napkin is the root, so its listener is the host (an app delegate, a command-line
/// session, a test). It exists so ``LaunchNapkinInteractor/wire(router:listener:)`` has the same
/// shape as every other napkin's; the host observes the app through its screens today.
///
/// Isolation: class-bound and `Sendable`.
public protocol LaunchNapkinListener: AnyObject, Sendable {}
