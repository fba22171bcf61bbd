// The 1.0 spellings that configured a mock service through its core. Every operation now has one
// home, the service itself (`service.hold(.login)`); these forward there for one release.

extension MockServiceCore {
  /// Every call, by method, in order.
  @available(*, deprecated, message: "read calls on the service: service.calls")
  public var calls: CallRecorder<Method> { log }

  /// Every call that started being held, by method.
  @available(*, deprecated, message: "use waitUntilHeld(_:count:) or heldCount(of:) on the service")
  public var heldCalls: CallRecorder<Method> { heldHistory }

  /// The methods that fail on every call.
  @available(*, deprecated, message: "set failingMethods on the service")
  public var failingMethods: Set<Method> {
    get { failing }
    set { failing = newValue }
    _modify { yield &failing }
  }

  /// The error failing methods throw unless they have their own.
  @available(*, deprecated, message: "set injectedError on the service")
  public var injectedError: any Error {
    get { defaultError }
    set { defaultError = newValue }
  }

  /// Makes `method` fail on every call with `error`.
  @available(*, deprecated, message: "call fail(_:with:) on the service")
  public func fail(_ method: Method, with error: any Error) {
    setFailure(method, error)
  }

  /// Makes only the next `count` calls of `method` fail, after `successes` calls succeed.
  @available(*, deprecated, message: "call failNext(_:of:with:after:) on the service")
  public func failNext(
    _ count: Int = 1, of method: Method, with error: (any Error)? = nil, after successes: Int = 0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    queueFailures(
      count, of: method, with: error, after: successes,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The number of queued failures `method` has left.
  @available(*, deprecated, message: "call upcomingFailures(of:) on the service")
  public func upcomingFailures(of method: Method) -> Int {
    queuedFailures(of: method)
  }

  /// Makes `method` succeed again.
  @available(*, deprecated, message: "call stopFailing(_:) on the service")
  public func stopFailing(_ method: Method) {
    clearFailures(of: method)
  }

  /// Holds every later call of `method` until released.
  @available(*, deprecated, message: "call hold(_:timeout:) on the service")
  public func hold(
    _ method: Method, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    startHolding(
      method, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The number of calls of `method` held right now.
  @available(*, deprecated, message: "call heldCount(of:) on the service")
  public func heldCount(of method: Method) -> Int {
    callsHeld(of: method)
  }

  /// Resumes every held call of `method` and stops holding it.
  @available(*, deprecated, message: "call release(_:) on the service")
  public func release(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    releaseHeld(
      method, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Suspends until `count` calls of `method` have been held in total.
  @available(*, deprecated, message: "call waitUntilHeld(_:count:timeout:) on the service")
  @discardableResult
  public func waitUntilHeld(
    _ method: Method, count: Int = 1, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await awaitHeld(
      method, count: count, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
