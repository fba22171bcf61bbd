public import napkin

/// The Pit Board router: a leaf with a view.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, like every ``ViewableRouting``.
@MainActor
public protocol PitBoardNapkinRouting: ViewableRouting {}
