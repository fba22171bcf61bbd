/// The base builder: keeps the dependency a napkin is built from.
///
/// Isolation: `@MainActor`.
///
/// ```swift
/// final class PitBoardBuilder: Builder<PitBoardDependency>, PitBoardBuildable {
///   func build(withListener listener: PitBoardListener) -> PitBoardRouting {
///     let component = PitBoardComponent(dependency: dependency)
///     // create the presenter, interactor and router from component
///   }
/// }
/// ```
@MainActor
open class Builder<DependencyType>: Buildable {
  /// The dependency handed to this builder by its parent.
  public let dependency: DependencyType

  /// Creates a builder over `dependency`.
  public init(dependency: DependencyType) {
    self.dependency = dependency
  }
}
