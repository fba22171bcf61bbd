extension MockService {
  /// Makes `method` fail on every call with `error`.
  public func fail(_ method: Method, with error: any Error) {
    mock.setFailure(method, error)
  }

  /// Makes only the next `count` calls of `method` fail, after `successes` calls succeed.
  public func failNext(
    _ count: Int = 1, of method: Method, with error: (any Error)? = nil, after successes: Int = 0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    mock.queueFailures(
      count, of: method, with: error, after: successes,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The number of queued failures `method` has left.
  public func upcomingFailures(of method: Method) -> Int {
    mock.queuedFailures(of: method)
  }

  /// The number of calls of `method` held right now.
  public func heldCount(of method: Method) -> Int {
    mock.callsHeld(of: method)
  }

  /// Makes `method` succeed again.
  public func stopFailing(_ method: Method) {
    mock.clearFailures(of: method)
  }

  /// Holds every later call of `method` until released, or until `timeout` expires (reported).
  public func hold(
    _ method: Method, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    mock.startHolding(
      method, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Resumes every held call of `method` and stops holding it.
  public func release(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    mock.releaseHeld(
      method, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Suspends until `count` calls of `method` have been held in total.
  @discardableResult
  public func waitUntilHeld(
    _ method: Method, count: Int = 1, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await mock.awaitHeld(
      method, count: count, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
