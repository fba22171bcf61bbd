public import napkin

/// What the LoggedOut napkin needs from its parent: nothing yet.
///
/// Isolation: nonisolated and class-bound, like every ``Dependency``; not `Sendable`.
public protocol LoggedOutNapkinDependency: Dependency {}
