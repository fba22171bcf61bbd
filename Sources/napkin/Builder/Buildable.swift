/// A builder of napkins; a feature declares `protocol FeatureBuildable: Buildable` with its
/// `build` method.
///
/// The protocol has no requirements: each feature's protocol adds the `build` method its parent
/// calls. A `build` method that creates main-actor routers and views is marked `@MainActor`
/// (usually `async` too, to wire the interactor).
///
/// Isolation: nonisolated and class-bound, so a builder can be created and called from any
/// isolation, as in napkin 2.x. Not `Sendable` (napkin 2.x's is): a builder holds its parent's
/// dependency and, for the componentized builders, the state of a build pass, so the compiler
/// keeps each builder on the isolation that uses it. A feature protocol whose builders must cross
/// isolation can refine `Sendable` itself; its builders then declare `@unchecked Sendable`, as
/// every napkin 2.x builder did.
///
/// ```swift
/// protocol PitBoardBuildable: Buildable {
///   @MainActor func build(withListener listener: PitBoardListener) async -> PitBoardRouting
/// }
/// ```
public protocol Buildable: AnyObject {}
