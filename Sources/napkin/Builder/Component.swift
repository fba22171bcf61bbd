import NapkinMutex

/// The dependency container of one napkin: provides its children's dependencies.
///
/// A component receives its parent's ``dependency`` and exposes properties its children's
/// dependency protocols require. Wrap a property's body in ``shared(fileID:line:column:_:)`` to
/// create the instance once per component.
///
/// Isolation: nonisolated and not `Sendable` (you subclass it); ``shared(fileID:line:column:_:)``
/// is nevertheless safe to call from several threads at once.
///
/// ```swift
/// final class LoggedInComponent: Component<LoggedInDependency>, PitBoardDependency {
///   var pitService: PitService { shared { PitService() } }
///   var authService: AuthService { dependency.authService }
/// }
/// ```
open class Component<DependencyType>: Dependency {
  /// The parent's dependency.
  public let dependency: DependencyType

  /// Guards `instances`. The instances are not `Sendable` (the component owns them), so they
  /// sit beside the lock rather than in it, and are only touched inside `lock.withLock`.
  private let lock = Mutex(())
  nonisolated(unsafe) private var instances: [SharedKey: Any] = [:]

  /// Creates a component over its parent's `dependency`.
  public init(dependency: DependencyType) {
    self.dependency = dependency
  }

  /// Returns the one instance this component keeps for this call site, creating it on first use.
  ///
  /// The instance is keyed by the call site (file, line, column) and its type, so
  /// `var x: X { shared { X() } }` returns the same `X` from every access of one component and a
  /// new one from another component. A `nil` from an optional-typed factory is cached too.
  ///
  /// The factory runs outside the lock, so it may read other `shared` properties. If two threads
  /// ask for the same instance at the very same time, both factories may run, but only the first
  /// result is stored and every caller receives it.
  public final func shared<T>(
    fileID: String = #fileID, line: UInt = #line, column: UInt = #column, _ factory: () -> T
  ) -> T {
    let key = SharedKey(fileID: fileID, line: line, column: column, type: ObjectIdentifier(T.self))
    if let existing = stored(key) { return existing as! T }
    // Owned by this component, like every instance it stores.
    nonisolated(unsafe) let created = factory()
    lock.withLock { _ in
      if instances[key] == nil { instances[key] = created }
    }
    return stored(key) as! T
  }

  private func stored(_ key: SharedKey) -> Any? {
    nonisolated(unsafe) var value: Any?
    lock.withLock { _ in value = instances[key] }
    return value
  }
}
