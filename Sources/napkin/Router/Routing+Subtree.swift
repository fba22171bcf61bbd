extension Routing {
  /// Activates this router's interactor, then every descendant's, parents first.
  ///
  /// Used when a router is attached: a subtree that was detached with its children still in
  /// place comes back active as a whole.
  package func activateSubtree() async {
    await interactable.activate()
    for child in children { await child.activateSubtree() }
  }

  /// Deactivates every descendant's interactor, deepest first, then this router's.
  ///
  /// Used when a router is detached or released, so no grandchild stays active under a detached
  /// parent.
  package func deactivateSubtree() async {
    for child in children.reversed() { await child.deactivateSubtree() }
    await interactable.deactivate()
  }

  /// Whether this router's interactor or any descendant's is active.
  package var isSubtreeActive: Bool {
    interactable.lifecycle.isActive || children.contains { $0.isSubtreeActive }
  }

  /// Whether `router` is this router or is attached anywhere below it.
  package func subtreeContains(_ router: any Routing) -> Bool {
    self === router || children.contains { $0.subtreeContains(router) }
  }
}
