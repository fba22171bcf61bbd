/// The main-actor node of the napkin tree: owns an interactor and attaches child routers.
///
/// A feature declares `protocol HomeRouting: Routing` (or ``ViewableRouting``) with its own
/// navigation methods; its interactor calls them as `await router?.routeToX()`.
///
/// Isolation: `@MainActor`, class-bound and `Sendable`, so an actor can hold
/// `weak var router: HomeRouting?` and await it. ``interactable`` is `nonisolated`.
///
/// ```swift
/// protocol HomeRouting: ViewableRouting {
///   func routeToSettings() async
/// }
/// ```
@MainActor
public protocol Routing: AnyObject, Sendable {
  /// The interactor this router owns, as an ``Interactable``.
  nonisolated var interactable: any Interactable { get }

  /// The attached child routers, in attachment order.
  var children: [any Routing] { get }

  /// Loads the router once: runs its `didLoad()` on the first call; later calls wait for it.
  func load() async

  /// Suspends until the router finished loading.
  func loaded() async

  /// Attaches `child`: activates its interactor (and its subtree's), then loads it.
  func attachChild(_ child: any Routing) async

  /// Detaches `child`: removes it and deactivates its subtree, deepest first. Does nothing if not
  /// attached.
  func detachChild(_ child: any Routing) async
}
