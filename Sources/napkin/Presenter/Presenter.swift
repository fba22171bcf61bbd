public import Observation

/// A base presenter that owns a view controller.
///
/// Subclass it when the presenter and the view controller are distinct objects. As in napkin
/// 2.x, the class is `@Observable`, so a subclass is `Observable` too (for SwiftUI's `@Bindable`
/// or `Observations`); mark the subclass `@Observable` as well to track its own stored
/// properties.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor. Unlike napkin 2.x, the view
/// controller type is not constrained to ``ViewControllable``.
///
/// ```swift
/// @Observable
/// final class HomePresenter: Presenter<HomeView>, HomePresentable {
///   private(set) var title = ""
///   func presentUser(_ user: User) { title = user.name }
/// }
/// ```
@MainActor
@Observable
open class Presenter<ViewControllerType>: Presentable {
  /// The view controller this presenter drives.
  public let viewController: ViewControllerType

  /// Creates a presenter driving `viewController`.
  public init(viewController: ViewControllerType) {
    self.viewController = viewController
  }
}
