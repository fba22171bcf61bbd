/// The main-actor side of a napkin that renders what its interactor tells it.
///
/// A feature declares `protocol HomePresentable: Presentable` with its rendering methods; the
/// interactor awaits them from its actor.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, so an interactor can hold a presenter in
/// a `nonisolated let`.
///
/// ```swift
/// protocol HomePresentable: Presentable {
///   func presentUser(_ user: User)
/// }
/// ```
@MainActor
public protocol Presentable: AnyObject, Sendable {}
