/// Fires an async action from synchronous code, typically a main-actor view event.
///
/// The action inherits the caller's actor, like `Task {}`; the returned task can be awaited or
/// cancelled, or ignored.
///
/// Isolation: callable from any isolation; the action is `@Sendable`.
///
/// ```swift
/// button.onTap = { dispatch { await listener?.didTapLogin() } }
/// ```
@discardableResult
public func dispatch(
  priority: TaskPriority? = nil,
  @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
) -> Task<Void, Never> {
  Task(priority: priority, operation: action)
}
