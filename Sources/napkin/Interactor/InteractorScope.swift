/// The observable activation state of an interactor.
///
/// Every interactor is an `InteractorScope`: a router, a test, or another actor can ask whether
/// it is active, or subscribe to its activation transitions.
///
/// Isolation: the protocol is class-bound and `Sendable`; `isActiveStream` is `nonisolated`, so
/// subscribing never hops onto the interactor's executor.
///
/// ```swift
/// for await active in interactor.isActiveStream {
///   print(active ? "active" : "inactive")
/// }
/// ```
public protocol InteractorScope: AnyObject, Sendable {
  /// Whether the scope is currently active.
  var isActive: Bool { get async }

  /// A stream that yields the current activation state on subscription, then every transition.
  ///
  /// Each access returns an independent stream. The stream finishes when the scope is released.
  nonisolated var isActiveStream: AsyncStream<Bool> { get }
}
