public import napkin

/// Builds the headless Announcements napkin.
///
/// Isolation: `@MainActor`, since building creates main-actor routers (``Buildable`` itself is
/// nonisolated).
@MainActor
public protocol AnnouncementsNapkinBuildable: Buildable {
  /// Builds an Announcements napkin that owners last calls to `listener`, fully wired.
  func build(withListener listener: any AnnouncementsNapkinListener) async
    -> any AnnouncementsNapkinRouting
}
