/// The base builder: keeps the dependency a napkin is built from.
///
/// Subclass it and add the feature's `build` method. A builder that creates main-actor routers
/// either marks that method `@MainActor` (as in napkin 2.x) or is a `@MainActor` subclass; the
/// inherited initializer stays nonisolated either way.
///
/// Isolation: nonisolated; ``init(dependency:)`` and ``dependency`` are usable from any isolation.
/// Not `Sendable` (napkin 2.x's is `@unchecked Sendable`): the dependency it holds is not
/// `Sendable` either. A subclass that restates `@unchecked Sendable`, as napkin 2.x code does,
/// still compiles. In a module whose default isolation is `MainActor`, Swift 6.3 rejects a
/// subclass's inherited initializer (swiftlang/swift#84644): restate it as
/// `nonisolated override init(dependency:)`.
///
/// ```swift
/// final class PitBoardBuilder: Builder<PitBoardDependency>, PitBoardBuildable {
///   @MainActor
///   func build(withListener listener: PitBoardListener) async -> PitBoardRouting {
///     let component = PitBoardComponent(dependency: dependency)
///     let interactor = PitBoardInteractor(pitService: component.pitService)
///     let router = PitBoardRouter(interactor: interactor, viewController: PitBoardScreen())
///     await interactor.wire(router: router, listener: listener)
///     return router
///   }
/// }
/// ```
open class Builder<DependencyType>: Buildable {
  /// The dependency handed to this builder by its parent.
  ///
  /// Isolation: nonisolated (a `let`).
  public let dependency: DependencyType

  /// Creates a builder over `dependency`.
  ///
  /// Isolation: nonisolated; callable synchronously from any isolation.
  public init(dependency: DependencyType) {
    self.dependency = dependency
  }
}
