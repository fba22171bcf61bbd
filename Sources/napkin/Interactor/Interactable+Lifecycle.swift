extension Interactable {
  /// Whether the interactor is active; readable synchronously from any isolation.
  public nonisolated var isActive: Bool { lifecycle.isActive }

  /// A stream of the interactor's activation state: the current value, then every transition.
  public nonisolated var isActiveStream: AsyncStream<Bool> { lifecycle.isActiveStream }

  /// Activates through ``lifecycle``, running ``didBecomeActive()`` on the edge.
  ///
  /// The edge calls the interactor's method directly, on the interactor, with no closure made
  /// and no hop; a closure is made only for a request that a transition running meanwhile must
  /// apply.
  public func activate() async {
    await lifecycle.transition(
      active: true, nil, stored: { { await self.didBecomeActive() } },
      direct: { await self.didBecomeActive() })
  }

  /// Deactivates through ``lifecycle``, running ``willResignActive()`` on the edge, as
  /// ``activate()`` does.
  public func deactivate() async {
    await lifecycle.transition(
      active: false, nil, stored: { { await self.willResignActive() } },
      direct: { await self.willResignActive() })
  }

  /// Does nothing by default.
  public func didBecomeActive() async {}

  /// Does nothing by default.
  public func willResignActive() async {}

  /// Starts `operation` as a task bound to the current activation.
  ///
  /// The task is cancelled when the interactor deactivates or is released. Inside an actor
  /// method the closure runs on the actor, like `Task {}`. Called while inactive, the operation
  /// never runs and the returned task is already cancelled. The lifecycle remembers the call's
  /// `fileID` and `line`, so a diagnostic about work that did not end names this call.
  ///
  /// ```swift
  /// func didBecomeActive() async {
  ///   task { for await board in self.pit.boards { await self.presenter.show(board) } }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - fileID: Where the task is started; keep the default.
  ///   - line: Where the task is started; keep the default.
  ///   - operation: The work; inside an actor method it runs on the actor.
  @discardableResult
  public nonisolated func task(
    priority: TaskPriority? = nil, fileID: String = #fileID, line: UInt = #line,
    @_inheritActorContext _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    lifecycle.register(priority: priority, fileID: fileID, line: line, actor: self, operation)
  }
}
