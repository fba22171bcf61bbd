public import napkin

/// The Announcements router: headless, with no children and no view.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``Routing``.
@MainActor
public protocol AnnouncementsNapkinRouting: Routing {}
