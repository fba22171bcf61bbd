public import napkin

/// Renders a napkin router tree as indented type names, one router per line.
///
/// Isolation: `@MainActor`, since routers and their children live on the main actor; a
/// caseless enum, so there is nothing to share.
///
/// ```swift
/// print(RouterTreeRenderer.render(launchRouter))
/// // LaunchNapkinRouter
/// //   LoggedInNapkinRouter
/// //     AnnouncementsNapkinRouter
/// ```
@MainActor
public enum RouterTreeRenderer {
  /// Renders `router` and its attached descendants, two spaces of indent per level.
  public static func render(_ router: any Routing) -> String {
    lines(router, depth: 0).joined(separator: "\n")
  }

  private static func lines(_ router: any Routing, depth: Int) -> [String] {
    let line = String(repeating: "  ", count: depth) + String(describing: type(of: router))
    return [line] + router.children.flatMap { lines($0, depth: depth + 1) }
  }
}
