/// An interactor that drives a presenter.
///
/// Declare the presenter as `nonisolated let presenter: FeaturePresentable`; because
/// ``Presentable`` refines `Sendable`, a feature's presentable protocol needs no extra
/// annotation.
///
/// Isolation: an `Actor`; `presenter` is `nonisolated`.
///
/// ```swift
/// final actor HomeInteractor: PresentableInteractable {
///   nonisolated let lifecycle = InteractorLifecycle()
///   nonisolated let presenter: HomePresentable
///   init(presenter: HomePresentable) { self.presenter = presenter }
/// }
/// ```
public protocol PresentableInteractable: Interactable {
  /// The type of the presenter this interactor drives, usually a feature's presentable protocol.
  associatedtype PresenterType

  /// The presenter this interactor drives.
  nonisolated var presenter: PresenterType { get }
}
