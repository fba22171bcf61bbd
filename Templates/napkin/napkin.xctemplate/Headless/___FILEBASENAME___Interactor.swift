//___FILEHEADER___

import napkin

/// What the ___VARIABLE_productName___ screen shows: its content, or why it could not be loaded.
@MainActor
protocol ___VARIABLE_productName___Presentable: Presentable {
  /// Where the screen sends the user's taps; held weakly.
  var listener: (any ___VARIABLE_productName___PresentableListener)? { get set }

  /// Shows the loaded content.
  func present(content: String)

  /// Shows that the content could not be loaded.
  func presentFailure(message: String)
}

/// What the ___VARIABLE_productName___ screen tells its interactor.
protocol ___VARIABLE_productName___PresentableListener: AnyObject, Sendable {
  /// The user asked to load the content again.
  func didTapRefresh() async

  /// The user asked to leave ___VARIABLE_productName___.
  func didTapClose() async
}

/// What ___VARIABLE_productName___ tells its parent, which attached it.
protocol ___VARIABLE_productName___Listener: AnyObject, Sendable {
  /// The user is done with ___VARIABLE_productName___: the parent detaches it.
  func didClose___VARIABLE_productName___() async
}

/// What ___VARIABLE_productName___ needs from the outside world; a protocol, so that tests answer it with a mock.
protocol ___VARIABLE_productName___Servicing: Sendable {
  /// Loads the content ___VARIABLE_productName___ shows.
  func fetchContent() async throws -> String
}

/// ___VARIABLE_productName___'s business logic: loads its content when it becomes active and when the user asks
/// again, shows what it got or why it failed, and tells its parent when the user leaves.
///
/// A load runs in a task bound to the activation, so deactivating ___VARIABLE_productName___ cancels a load in
/// flight instead of showing its answer on a screen that is gone.
final actor ___VARIABLE_productName___Interactor: PresentableInteractable, ___VARIABLE_productName___Interactable,
  ___VARIABLE_productName___PresentableListener
{
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any ___VARIABLE_productName___Presentable

  /// The router, held weakly: it owns the interactor.
  private weak var router: (any ___VARIABLE_productName___Routing)?
  /// The parent, held weakly.
  private weak var listener: (any ___VARIABLE_productName___Listener)?
  private let service: any ___VARIABLE_productName___Servicing
  /// Whether a load is in flight: a second request while one is does not start another.
  private var isLoading = false

  init(presenter: any ___VARIABLE_productName___Presentable, service: any ___VARIABLE_productName___Servicing) {
    self.presenter = presenter
    self.service = service
  }

  /// Sets the router and the listener; the builder calls it before the napkin is attached.
  func wire(router: (any ___VARIABLE_productName___Routing)?, listener: (any ___VARIABLE_productName___Listener)?) {
    self.router = router
    self.listener = listener
  }

  func didBecomeActive() async {
    task { await self.load() }
  }

  func didTapRefresh() async {
    await load()
  }

  func didTapClose() async {
    await listener?.didClose___VARIABLE_productName___()
  }

  private func load() async {
    guard !isLoading else { return }
    isLoading = true
    defer { isLoading = false }
    do {
      let content = try await service.fetchContent()
      await presenter.present(content: content)
    } catch is CancellationError {
      // Deactivated while loading: nothing to show.
    } catch {
      await presenter.presentFailure(message: "Could not load. Try again.")
    }
  }
}
