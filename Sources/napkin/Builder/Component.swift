import NapkinMutex

/// The dependency container of one napkin: provides its children's dependencies.
///
/// A component receives its parent's ``dependency`` and exposes properties its children's
/// dependency protocols require. Wrap a property's body in ``shared(fileID:line:column:_:)`` to
/// create the instance once per component.
///
/// Isolation: nonisolated; created and read from any isolation. Not `Sendable` (napkin 2.x's is
/// `@unchecked Sendable`): you subclass it and add your own state, so the compiler keeps a
/// component on the isolation that builds with it. A subclass that restates
/// `@unchecked Sendable`, as napkin 2.x code does, still compiles.
/// ``shared(fileID:line:column:_:)`` and ``shared(forCallerKey:_:)`` are nevertheless safe to call
/// from several threads at once. In a module whose default isolation is `MainActor`, Swift 6.3
/// rejects a subclass's inherited initializer (swiftlang/swift#84644): restate it as
/// `nonisolated override init(dependency:)`.
///
/// ```swift
/// final class LoggedInComponent: Component<LoggedInDependency>, PitBoardDependency {
///   var pitService: PitService { shared { PitService() } }
///   var authService: AuthService { dependency.authService }
/// }
/// ```
open class Component<DependencyType>: Dependency {
  /// The parent's dependency.
  ///
  /// Isolation: nonisolated (a `let`).
  public let dependency: DependencyType

  /// Guards `instances`. The instances are not `Sendable` (the component owns them), so they
  /// sit beside the lock rather than in it, and are only touched inside `lock.withLock`.
  private let lock = Mutex(())
  nonisolated(unsafe) private var instances: [SharedKey: Any] = [:]

  /// Creates a component over its parent's `dependency`.
  ///
  /// Isolation: nonisolated.
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
  ///
  /// Isolation: nonisolated and thread-safe.
  public final func shared<T>(
    fileID: String = #fileID, line: UInt = #line, column: UInt = #column, _ factory: () -> T
  ) -> T {
    let site = SharedKey.Origin.callSite(fileID: fileID, line: line, column: column)
    return instance(for: SharedKey(origin: site, type: ObjectIdentifier(T.self)), factory)
  }

  /// Returns the one instance this component keeps for `key`, creating it on first use.
  ///
  /// napkin 2.x's spelling with an explicit key: every call with the same key and type, from any
  /// call site, shares one instance. Without a key, `shared { }` keys by call site, see
  /// ``shared(fileID:line:column:_:)``. The factory runs outside the lock, as there.
  ///
  /// Isolation: nonisolated and thread-safe.
  ///
  /// ```swift
  /// var cache: ImageCache { shared(forCallerKey: "imageCache") { ImageCache() } }
  /// ```
  public final func shared<T>(forCallerKey key: String, _ factory: () -> T) -> T {
    instance(for: SharedKey(origin: .callerKey(key), type: ObjectIdentifier(T.self)), factory)
  }

  private func instance<T>(for key: SharedKey, _ factory: () -> T) -> T {
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
