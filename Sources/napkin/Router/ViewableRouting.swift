/// A router that owns a view.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`.
///
/// ```swift
/// protocol LoggedInRouting: ViewableRouting {
///   func routeToPitBoard() async
/// }
/// ```
@MainActor
public protocol ViewableRouting: Routing {
  /// The view this router presents.
  var viewControllable: any ViewControllable { get }
}
