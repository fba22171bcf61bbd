/// The base protocol for every napkin interactor: a `final actor` with a lifecycle.
///
/// A conforming actor stores `nonisolated let lifecycle = InteractorLifecycle()` and overrides
/// ``didBecomeActive()`` and ``willResignActive()`` as needed; everything else has a default.
/// Work that should live exactly as long as the activation goes in ``task(priority:fileID:line:_:)``.
///
/// Isolation: an `Actor`, hence `Sendable`; `lifecycle` is `nonisolated` so routers reach it
/// without hopping onto the actor.
///
/// ```swift
/// final actor HomeInteractor: Interactable {
///   nonisolated let lifecycle = InteractorLifecycle()
///   private let userService: UserService
///
///   init(userService: UserService) { self.userService = userService }
///
///   func didBecomeActive() async {
///     task {
///       for await user in self.userService.userStream { print(user) }
///     }
///   }
/// }
/// ```
public protocol Interactable: Actor, InteractorScope {
  /// The lifecycle that owns this interactor's activation state and bound tasks.
  nonisolated var lifecycle: InteractorLifecycle { get }

  /// Activates the interactor, running ``didBecomeActive()`` once per inactive→active edge.
  func activate() async

  /// Deactivates the interactor: runs ``willResignActive()`` once per active→inactive edge, then
  /// cancels its bound tasks.
  func deactivate() async

  /// Called after the interactor became active; bind long-running work here with `task {}`.
  func didBecomeActive() async

  /// Called before the interactor resigns; its bound tasks are cancelled right after it returns.
  func willResignActive() async
}
