/// A builder of napkins; a feature declares `protocol FeatureBuildable: Buildable` with its
/// `build` method.
///
/// Isolation: `@MainActor` and class-bound, since building creates routers and views.
///
/// ```swift
/// protocol PitBoardBuildable: Buildable {
///   func build(withListener listener: PitBoardListener) -> PitBoardRouting
/// }
/// ```
@MainActor
public protocol Buildable: AnyObject {}
