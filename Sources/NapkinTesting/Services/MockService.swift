/// A failure-injection base for mock services, keyed by the mock's own method enum.
///
/// Conform a `final class` mock of a `Sendable` service protocol to `MockService`, keep a
/// ``MockServiceCore`` in a `let mock`, and start every mocked method with
/// `try await throwIfFailing(.method)`. The test then drives every branch from outside:
/// ``failingMethods``, ``injectedError``, per-method errors, "fail the next N calls", held calls
/// (see ``MockServiceCore``), and reads ``calls``. The mock has only `let` properties of
/// `Sendable` types, so it needs no `@unchecked Sendable`.
///
/// Isolation: `Sendable`; every member may be used from any isolation, also while calls are in
/// flight.
///
/// In a target whose default isolation is `MainActor`, declare the method enum `nonisolated`: a
/// main-actor `Hashable` conformance cannot satisfy `Method: Hashable & Sendable`. The mock class
/// itself needs nothing.
///
/// ```swift
/// nonisolated enum MockMethod: Hashable, Sendable { case fetchRecentlyPlayed, createPlaylist }
///
/// final class MockLibraryService: LibraryService, MockService {
///   let mock = MockServiceCore<MockMethod>()
///   let recentlyPlayed = Stub<[Track]>([], label: "recentlyPlayed")
///   func fetchRecentlyPlayed(page: Int) async throws -> [Track] {
///     try await throwIfFailing(.fetchRecentlyPlayed)
///     return recentlyPlayed.get(default: [])
///   }
/// }
///
/// service.failingMethods = [.fetchRecentlyPlayed]
/// ```
public protocol MockService: AnyObject, Sendable {
  /// The mock's method enum.
  associatedtype Method: Hashable & Sendable

  /// The failure-injection and call-log state of this mock.
  var mock: MockServiceCore<Method> { get }
}

extension MockService {
  /// The methods that fail on every call, with ``injectedError`` (or their per-method error).
  ///
  /// Assigning replaces the set; mutating it in place (`failingMethods.insert(.login)`) changes
  /// only what the mutation changed, atomically, so concurrent mutations never lose each other.
  public var failingMethods: Set<Method> {
    get { mock.failing }
    set { mock.failing = newValue }
    _modify { yield &mock.failing }
  }

  /// The error failing methods throw unless they have their own; a ``SimulatedError`` by default.
  ///
  /// Set `CancellationError()` to simulate a cancelled request.
  public var injectedError: any Error {
    get { mock.defaultError }
    set { mock.defaultError = newValue }
  }

  /// Every call, by method, in order: compare with `#expect(service.calls == [.login])`.
  public var calls: CallRecorder<Method> { mock.log }

  /// Records the call, waits while it is held, then throws if `method` is set to fail.
  ///
  /// Put it first in every mocked method. A held call throws `CancellationError` if its task is
  /// cancelled.
  public func throwIfFailing(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    try await mock.call(
      method, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Records the call, waits while it is held, then throws if `method` is set to fail; for a
  /// method with typed throws (`throws(Failure)`).
  ///
  /// Declare the type with ``MockServiceCore/limitFailures(of:to:)`` in the mock's initializer,
  /// so failure injection refuses an error of another type where the test sets it. A failure of
  /// another type that reaches the call anyway (``injectedError``) is reported, and the call
  /// succeeds. A held call that is cancelled throws `CancellationError` only if `Failure` is
  /// `CancellationError`; otherwise it proceeds.
  ///
  /// ```swift
  /// func load() async throws(LoadError) -> Page {
  ///   try await throwIfFailing(.load, as: LoadError.self)
  ///   return try! loadResult.get()
  /// }
  /// ```
  public func throwIfFailing<Failure: Error>(
    _ method: Method, as type: Failure.Type, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws(Failure) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let failure = await mock.typedCall(method, as: type, site: site) { throw failure }
  }

  /// Records the call, then throws if `method` is set to fail; for a synchronous method with
  /// typed throws (`throws(Failure)`).
  ///
  /// A synchronous call cannot be held; holding `method` is reported as a misuse.
  public func throwIfFailing<Failure: Error>(
    _ method: Method, as type: Failure.Type, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws(Failure) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let failure = mock.typedCallSynchronously(method, as: type, site: site) { throw failure }
  }

  /// Records the call of a method that cannot throw, and waits while it is held.
  ///
  /// For `func signOut() async` and the like. A held call that is cancelled returns quietly.
  /// A failure set for `method` cannot be thrown, so it is reported as a misuse.
  public func recordCall(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await mock.recordCall(
      method, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Records the call of a synchronous method that cannot throw.
  ///
  /// A synchronous call cannot be held, and a failure set for `method` cannot be thrown; both are
  /// reported as misuses.
  public func recordCall(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    mock.recordCallSynchronously(
      method, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Records the call, then throws if `method` is set to fail; for synchronous methods.
  ///
  /// A synchronous call cannot be held; holding `method` is reported as a misuse.
  public func throwIfFailing(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws {
    try mock.callSynchronously(
      method, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Returns a handler's result as the type the call returns, or reports the mismatch and throws
  /// ``HandlerResultError``.
  ///
  /// A generic method's result type is its caller's choice, so a generated mock returns it through
  /// a handler the test sets, returning `Any`, and checks it here. A method that cannot throw uses
  /// `try!`: a handler returning the wrong type is reported, then stops the test process, as an
  /// unset required stub does.
  ///
  /// ```swift
  /// func fetch<T>(_ type: T.Type, id: String) async throws -> T {
  ///   try await throwIfFailing(.fetch)
  ///   return try handled(fetchHandler.get()(type, id), by: "fetchHandler")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - result: What the handler returned.
  ///   - handler: The handler's name, used in the message.
  ///   - fileID: The caller's `#fileID`, where a mismatch is reported; keep the default.
  ///   - filePath: The caller's `#filePath`; keep the default.
  ///   - line: The caller's line; keep the default.
  ///   - column: The caller's column; keep the default.
  public func handled<Value>(
    _ result: Any, by handler: String, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> Value {
    if let value = result as? Value { return value }
    let error = HandlerResultError(
      handler: handler, expected: String(describing: Value.self),
      returned: String(describing: type(of: result)))
    mock.owner.report(
      "\(handler) returned a value of type \(error.returned), but this call returns "
        + "\(error.expected): return a value of the type the call asks for.",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    throw error
  }
}
