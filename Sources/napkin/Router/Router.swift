/// The base router: owns an interactor, loads once, and attaches and detaches children.
///
/// Subclass it for a napkin without a view and add the feature's routing methods. Override
/// ``didLoad()`` to attach the children that exist from the start.
///
/// - ``load()`` is idempotent: `didLoad()` runs once; concurrent callers wait for it.
/// - ``loaded()`` suspends until `didLoad()` finished (or the waiting task is cancelled).
/// - ``attachChild(_:)`` activates the child's interactor (and those of children it still has),
///   then loads the child. Attaching a child that is already attached is a programmer error: in
///   an app it stops with a message naming it; under NapkinTesting it fails the test that made it
///   and the child stays attached once.
/// - ``detachChild(_:)`` removes the child and deactivates its whole subtree, deepest first; it
///   does nothing for a router that is not attached.
/// - A released router deactivates its interactor and its whole subtree.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor.
///
/// ```swift
/// final class HomeRouter: Router<HomeInteractable>, HomeRouting {
///   private let settings: SettingsBuildable
///   func routeToSettings() async { await attachChild(settings.build(withListener: interactor)) }
/// }
/// ```
@MainActor
open class Router<InteractorType>: Routing {
  /// The interactor, typed as the feature's interactable protocol.
  public let interactor: InteractorType

  /// The interactor as an ``Interactable``.
  public nonisolated let interactable: any Interactable

  /// The attached child routers, in attachment order.
  public private(set) final var children: [any Routing] = []

  private var state = RouterState()

  /// Creates a router owning `interactor`, which must conform to ``Interactable``.
  public init(interactor: InteractorType) {
    guard let interactable = interactor as? any Interactable else {
      fatalError(
        "Router<\(InteractorType.self)>: interactor of type \(type(of: interactor)) does not "
          + "conform to Interactable.")
    }
    self.interactor = interactor
    self.interactable = interactable
  }

  isolated deinit {
    // Nothing to deactivate: don't start a task that would keep the interactor alive a while.
    guard isSubtreeActive else { return }
    let interactable = self.interactable
    let children = self.children
    Task {
      for child in children.reversed() { await child.deactivateSubtree() }
      await interactable.deactivate()
    }
  }

  /// Called once, by the first ``load()``. The default does nothing.
  open func didLoad() async {}

  /// Loads the router: the first call runs ``didLoad()``; every call returns once it finished.
  public final func load() async {
    if state.beginLoad() {
      await didLoad()
      for waiter in state.finishLoad() { waiter.resume() }
    } else {
      await loaded()
    }
  }

  /// Suspends until ``didLoad()`` finished, or until the calling task is cancelled.
  public final func loaded() async {
    guard state.phase != .loaded else { return }
    let id = state.makeWaiterID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        if Task.isCancelled || !state.addWaiter(waiter, id: id) { waiter.resume() }
      }
    } onCancel: {
      Task { @MainActor in self.state.removeWaiter(id: id)?.resume() }
    }
  }

  /// Attaches `child`: appends it to ``children``, activates its interactor (and its own
  /// children's, parents first), then loads it.
  ///
  /// - Precondition: `child` is not attached to this router yet, and is neither this router nor
  ///   one of its ancestors (that would make the tree a cycle). Under NapkinTesting a violation
  ///   fails the test instead of stopping the process, and nothing is attached.
  public final func attachChild(_ child: any Routing) async {
    let id = ObjectIdentifier(child)
    if state.attached.contains(id) {
      recoverableProgrammingError(
        "attachChild: \(type(of: child)) is already attached to \(type(of: self)); "
          + "detach it before attaching it again. It was not attached a second time.")
      return
    }
    if child.subtreeContains(self) {
      recoverableProgrammingError(
        "attachChild: attaching \(type(of: child)) to \(type(of: self)) would make a cycle: "
          + (child === self
            ? "a router cannot be its own child."
            : "\(type(of: self)) is already attached below \(type(of: child)).")
          + " It was not attached.")
      return
    }
    children.append(child)
    state.attached.insert(id)
    LifecycleObservation.observer?.childrenChanged(of: self, child: child, attached: true)
    await child.activateSubtree()
    // A child may detach itself while activating (from its own `didBecomeActive()`).
    guard state.attached.contains(id) else { return }
    await child.load()
  }

  /// Detaches `child`: removes it from ``children`` and deactivates its subtree, deepest first.
  ///
  /// Does nothing if `child` is not attached to this router.
  public final func detachChild(_ child: any Routing) async {
    guard state.attached.remove(ObjectIdentifier(child)) != nil,
      let index = children.firstIndex(where: { $0 === child })
    else { return }
    children.remove(at: index)
    LifecycleObservation.observer?.childrenChanged(of: self, child: child, attached: false)
    await child.deactivateSubtree()
  }
}
