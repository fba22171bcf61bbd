/// A base presenter that owns a view controller.
///
/// Subclass it when the presenter and the view controller are distinct objects.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
///
/// ```swift
/// final class HomePresenter: Presenter<HomeView>, HomePresentable {
///   func presentUser(_ user: User) { viewController.title = user.name }
/// }
/// ```
@MainActor
open class Presenter<ViewControllerType>: Presentable {
  /// The view controller this presenter drives.
  public let viewController: ViewControllerType

  /// Creates a presenter driving `viewController`.
  public init(viewController: ViewControllerType) {
    self.viewController = viewController
  }
}
